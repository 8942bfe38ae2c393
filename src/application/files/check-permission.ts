import type { AccessTarget } from '../../domain/files/access-control-list.js';
import { ForbiddenError } from '../../domain/errors.js';
import type { Permission } from '../../domain/files/permission.js';
import type { AccessPolicy } from '../../ports/access-policy.js';

export interface CheckPermissionInput {
  role: string;
  permission: Permission;
  target?: AccessTarget;
}

/** Throws `ForbiddenError` unless the role holds the permission on the target. */
export class CheckPermission {
  constructor(private readonly policy: AccessPolicy) {}

  async execute({ role, permission, target }: CheckPermissionInput): Promise<void> {
    if (!(await this.policy.isAllowed(role, permission, target))) {
      throw new ForbiddenError(`Role "${role}" may not use ${permission} here`);
    }
  }
}
