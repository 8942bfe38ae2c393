import { PERMISSIONS, type Permission } from '../../domain/files/permission.js';
import { SafePath } from '../../domain/files/safe-path.js';
import type { AccessPolicy } from '../../ports/access-policy.js';

export interface GetPermissionsInput {
  role: string;
  path?: string;
}

/** Every permission the role holds at a path, so the client can show only what will work. */
export class GetPermissions {
  constructor(private readonly policy: AccessPolicy) {}

  async execute(input: GetPermissionsInput): Promise<Record<Permission, boolean>> {
    const path = SafePath.parse(input.path);
    const answers = await Promise.all(PERMISSIONS.map(async (p) => [p, await this.policy.isAllowed(input.role, p, { path, anyExtension: true })] as const));
    return Object.fromEntries(answers) as Record<Permission, boolean>;
  }
}
