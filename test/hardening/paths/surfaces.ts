import type { RunningServer } from '../../../src/adapters/inbound/http/server.js';
import { rawGet, type Answer, type hardeningFilesClient } from '../support/files-client.js';

type Client = ReturnType<typeof hardeningFilesClient> & { server: RunningServer };

const q = encodeURIComponent;

/**
 * Every place a file-connector request carries a path, a name, a new name, a
 * `from` or a `dest` (see `src/adapters/inbound/http/files/action-schemas.ts`),
 * plus the source's files at its baseurl. Each surface puts the attack in one
 * parameter and gives the others values that would work.
 */
export const SURFACES: readonly { name: string; send(client: Client, attack: string, remoteUrl: string): Promise<Answer> }[] = [
  { name: 'files path', send: (c, a) => c.get(`action=files&path=${q(a)}`) },
  { name: 'files path, withFolders', send: (c, a) => c.get(`action=files&path=${q(a)}&mods[withFolders]=true`) },
  { name: 'folders path', send: (c, a) => c.post('folders', { path: a }) },
  { name: 'permissions path', send: (c, a) => c.get(`action=permissions&path=${q(a)}`) },
  { name: 'fileDownload name', send: (c, a) => c.get(`action=fileDownload&path=&name=${q(a)}`) },
  { name: 'fileDownload path', send: (c, a) => c.get(`action=fileDownload&path=${q(a)}&name=outside.txt`) },
  { name: 'fileUpload path', send: (c, a) => c.upload([{ name: 'planted.txt', content: 'planted' }], { path: a }) },
  { name: 'fileUpload path in the query', send: (c, a) => c.upload([{ name: 'planted.txt', content: 'planted' }], {}, `&path=${q(a)}`) },
  { name: 'fileUpload file name', send: (c, a) => c.upload([{ name: a, content: 'planted' }]) },
  { name: 'fileUploadRemote path', send: (c, a, remote) => c.post('fileUploadRemote', { path: a, url: `${remote}/fetched.txt` }) },
  { name: 'fileRemove name', send: (c, a) => c.post('fileRemove', { path: '', name: a }) },
  { name: 'fileRemove names', send: (c, a) => c.post('fileRemove', { path: '', name: [a, `${a}/x`] }) },
  { name: 'fileRemove path', send: (c, a) => c.post('fileRemove', { path: a, name: 'outside.txt' }) },
  { name: 'fileMove from', send: (c, a) => c.post('fileMove', { from: a, path: 'sub' }) },
  { name: 'fileMove Jodit dest', send: (c, a) => c.post('fileMove', { from: 'inside.txt', path: a }) },
  { name: 'fileMove spec dest', send: (c, a) => c.post('fileMove', { path: '', dest: a, name: 'inside.txt' }) },
  { name: 'fileMove spec path', send: (c, a) => c.post('fileMove', { path: a, dest: 'sub', name: 'outside.txt' }) },
  { name: 'fileMove spec name', send: (c, a) => c.post('fileMove', { path: '', dest: 'sub', name: [a] }) },
  { name: 'fileRename name', send: (c, a) => c.post('fileRename', { path: '', name: a, newname: 'renamed.txt' }) },
  { name: 'fileRename newname', send: (c, a) => c.post('fileRename', { path: '', name: 'inside.txt', newname: a }) },
  { name: 'fileRename path', send: (c, a) => c.post('fileRename', { path: a, name: 'outside.txt', newname: 'renamed.txt' }) },
  { name: 'folderCreate path', send: (c, a) => c.post('folderCreate', { path: a, name: 'planted' }) },
  { name: 'folderCreate name', send: (c, a) => c.post('folderCreate', { path: '', name: a }) },
  { name: 'folderRemove name', send: (c, a) => c.post('folderRemove', { path: '', name: a }) },
  { name: 'folderRemove path', send: (c, a) => c.post('folderRemove', { path: a, name: 'secrets' }) },
  { name: 'folderMove from', send: (c, a) => c.post('folderMove', { from: a, path: 'sub' }) },
  { name: 'folderMove dest', send: (c, a) => c.post('folderMove', { from: 'sub', path: a }) },
  { name: 'folderMove spec dest', send: (c, a) => c.post('folderMove', { path: '', dest: a, name: 'sub' }) },
  { name: 'folderRename name', send: (c, a) => c.post('folderRename', { path: '', name: a, newname: 'renamed' }) },
  { name: 'folderRename newname', send: (c, a) => c.post('folderRename', { path: '', name: 'sub', newname: a }) },
  { name: 'imageResize name', send: (c, a) => c.post('imageResize', { path: '', name: a, box: '4,4' }) },
  { name: 'imageResize path', send: (c, a) => c.post('imageResize', { path: a, name: 'pic.png', box: '4,4' }) },
  { name: 'imageResize newname', send: (c, a) => c.post('imageResize', { path: '', name: 'pic.png', newname: a, box: '4,4' }) },
  { name: 'imageCrop name', send: (c, a) => c.post('imageCrop', { path: '', name: a, box: '0,0,4,4' }) },
  { name: 'imageCrop newname', send: (c, a) => c.post('imageCrop', { path: '', name: 'pic.png', newname: a, box: '0,0,4,4' }) },
  { name: 'getLocalFileByUrl', send: (c, a) => c.get(`action=getLocalFileByUrl&url=${q(`/files/docs/${a}`)}`) },
  { name: 'served file, each segment encoded', send: (c, a) => c.fetch(`/files/docs/${a.split('/').map(q).join('/')}`) },
  { name: 'served file, raw request line', send: (c, a) => rawGet(c.server, `/files/docs/${a}`) },
];
