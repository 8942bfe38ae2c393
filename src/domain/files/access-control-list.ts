import { PERMISSIONS, type Permission } from './permission.js';
import { SafePath } from './safe-path.js';

export type AccessRule = {
  role: string;
  path?: string;
  extensions?: readonly string[];
} & Partial<Record<Permission, boolean>>;

/** What an access decision is about: the folder or file, and its extension when it is a file. */
export interface AccessTarget {
  path?: SafePath;
  extension?: string;
  /** With no `extension`: count rules limited to some extensions too ("may this role upload anything here?"). */
  anyExtension?: boolean;
}

/**
 * Deny by default; a rule applies when its role (or `*`), path prefix (on
 * segment boundaries) and extension list all match; later rules override
 * earlier ones, flag by flag.
 */
export class AccessControlList {
  private readonly rules: readonly (AccessRule & { scope: SafePath })[];

  constructor(rules: readonly AccessRule[]) {
    this.rules = rules.map((rule) => ({ ...rule, scope: SafePath.parse(rule.path ?? '') }));
  }

  isAllowed(role: string, permission: Permission, target: AccessTarget = {}): boolean {
    let allowed = false;
    for (const rule of this.rules) {
      const flag = rule[permission];
      if (flag === undefined || !this.applies(rule, role, target)) continue;
      allowed = flag;
    }
    return allowed;
  }

  permissionsFor(role: string, target: AccessTarget = {}): Record<Permission, boolean> {
    return Object.fromEntries(PERMISSIONS.map((p) => [p, this.isAllowed(role, p, target)])) as Record<Permission, boolean>;
  }

  private applies(rule: AccessRule & { scope: SafePath }, role: string, target: AccessTarget): boolean {
    if (rule.role !== '*' && rule.role !== role) return false;
    if (!(target.path ?? SafePath.root).isWithin(rule.scope)) return false;
    if (rule.extensions && rule.extensions.length > 0) {
      const extension = target.extension?.toLowerCase();
      if (extension === undefined) return target.anyExtension === true;
      if (!rule.extensions.some((e) => e.toLowerCase() === extension)) return false;
    }
    return true;
  }
}
