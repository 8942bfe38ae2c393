import { hardeningFilesClient } from '../support/files-client.js';
import { countAttacks } from '../support/recorder.js';
import type { PathFixture } from './fixture.js';
import { SURFACES } from './surfaces.js';

/**
 * One attack string against every surface, then the checks: no answer is a
 * server error, none carries a canary or the folder that holds the root, and
 * the tree outside the root is exactly as before. Returns what went wrong
 * (empty when nothing did); the root is put back for the next attack.
 */
export const attackEverySurface = async (fixture: PathFixture & { remote: { url: string } }, attack: string, before: Record<string, string>): Promise<string[]> => {
  countAttacks();
  const problems: string[] = [];
  const client = Object.assign(hardeningFilesClient(fixture.server), { server: fixture.server });
  for (const surface of SURFACES) {
    const answer = await surface.send(client, attack, fixture.remote.url);
    const where = `${surface.name} ${JSON.stringify(attack).slice(0, 120)}`;
    if (answer.status >= 500 || answer.status < 200) problems.push(`${where}: status ${answer.status} ${answer.text.slice(0, 200)}`);
    for (const canary of fixture.canaries) if (answer.text.includes(canary)) problems.push(`${where}: answer holds canary ${canary.slice(0, 20)}…`);
    // The attacker's own string may be echoed in a message; the folder holding the root may not, unless the attack named it.
    if (answer.text.includes(fixture.temp) && !attack.includes(fixture.temp)) problems.push(`${where}: answer names ${fixture.temp}`);
  }
  const after = await fixture.outside();
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (before[key] !== after[key]) problems.push(`outside the root, ${key}: ${before[key] ?? 'absent'} → ${after[key] ?? 'absent'}`);
  }
  await fixture.restore();
  return problems;
};
