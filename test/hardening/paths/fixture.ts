import { randomUUID } from 'node:crypto';
import { link, mkdir, rm, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { RunningServer } from '../../../src/adapters/inbound/http/server.js';
import { startListener, type Listener } from '../../support/http-listener.js';
import { makeImage } from '../../support/images.js';
import { makeTempDir } from '../../support/temp-dir.js';
import { snapshotTree } from '../support/disk.js';
import { registerSecret } from '../support/recorder.js';
import { startHardeningServer } from '../support/server.js';

/**
 * A source root with canaries beside it:
 *
 *     <temp>/outside.txt            canary content (a registered secret)
 *     <temp>/secrets/secret.txt     canary content
 *     <temp>/secrets/<listing-canary name>   a name no attack string contains: seeing it means a listing leaked
 *     <temp>/hard-outside.txt       shared with root/hard.txt by a hard link
 *     <temp>/root/                  inside.txt, pic.png, sub/, and the links:
 *         link-out -> <temp>/secrets, link-file.txt -> <temp>/outside.txt,
 *         sub/link-up -> <temp>, hard.txt (hard link to <temp>/hard-outside.txt)
 *
 * A hard link is, by construction, a file of the root (whoever made it put
 * it there), so reading it is allowed; what must never happen is a write
 * through it that changes the file outside.
 */
export interface PathFixture {
  temp: string;
  root: string;
  server: RunningServer;
  /** Contents and names whose appearance in an answer means something outside leaked. */
  canaries: string[];
  /** Everything outside the root: names, kinds, sizes, mtimes, content hashes. */
  outside(): Promise<Record<string, string>>;
  /** Puts the root back as it was (a legitimate action may have moved or removed its files). */
  restore(): Promise<void>;
  close(): Promise<void>;
}

export const REMOTE_CONTENT = 'remote content, harmless';

export const startPathFixture = async (where: string): Promise<PathFixture & { remote: Listener }> => {
  const { dir: temp, remove } = await makeTempDir('hardening-paths-');
  const root = path.join(temp, 'root');
  const outsideCanary = registerSecret(`OUTSIDE-CANARY-${randomUUID()}`);
  const secretCanary = registerSecret(`SECRET-CANARY-${randomUUID()}`);
  const listingCanary = `listing-canary-${randomUUID()}.txt`;
  await mkdir(path.join(temp, 'secrets'));
  await writeFile(path.join(temp, 'outside.txt'), outsideCanary);
  await writeFile(path.join(temp, 'secrets', 'secret.txt'), secretCanary);
  await writeFile(path.join(temp, 'secrets', listingCanary), secretCanary);
  await writeFile(path.join(temp, 'hard-outside.txt'), 'shared through a hard link');
  const png = await makeImage(8, 8, 'png');

  const restore = async () => {
    await rm(root, { recursive: true, force: true });
    await mkdir(path.join(root, 'sub'), { recursive: true });
    await writeFile(path.join(root, 'inside.txt'), 'inside');
    await writeFile(path.join(root, 'pic.png'), png);
    await symlink(path.join(temp, 'secrets'), path.join(root, 'link-out'));
    await symlink(path.join(temp, 'outside.txt'), path.join(root, 'link-file.txt'));
    await symlink(temp, path.join(root, 'sub', 'link-up'));
    await link(path.join(temp, 'hard-outside.txt'), path.join(root, 'hard.txt'));
  };
  await restore();

  const remote = await startListener((_req, res) => void res.writeHead(200, { 'content-type': 'text/plain' }).end(REMOTE_CONTENT));
  const server = await startHardeningServer(where, {
    files: {
      sources: { docs: { root, baseurl: '/files/docs/' } },
      allowedExtensions: ['txt', 'png', 'jpg'],
      remoteUpload: { allowPrivateNetworks: true, maxBytes: 4096, timeoutMs: 5000 },
      thumbnails: { enabled: false },
      accessControl: [
        {
          role: 'guest', FILES: true, FOLDERS: true, FILE_UPLOAD: true, FILE_UPLOAD_REMOTE: true, FILE_REMOVE: true, FILE_MOVE: true, FILE_RENAME: true, FILE_DOWNLOAD: true,
          FOLDER_CREATE: true, FOLDER_REMOVE: true, FOLDER_MOVE: true, FOLDER_RENAME: true, IMAGE_RESIZE: true, IMAGE_CROP: true,
        },
      ],
    },
  });
  return {
    temp,
    root,
    server,
    remote,
    canaries: [outsideCanary, secretCanary, listingCanary],
    outside: () => snapshotTree(temp, (relative) => relative === 'root'),
    restore,
    close: async () => {
      await server.close(0);
      await remote.close();
      await remove();
    },
  };
};
