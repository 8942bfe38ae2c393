import type { AccessTarget } from '../domain/files/access-control-list.js';
import type { Permission } from '../domain/files/permission.js';

/** Decides whether a role may use a permission on a target. The default is the rule list from the config. */
export interface AccessPolicy {
  isAllowed(role: string, permission: Permission, target?: AccessTarget): boolean | Promise<boolean>;
}
