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
  /** With no `extension`: "may this role do it to some file here?" — true when some extension is allowed. */
  anyExtension?: boolean;
}

/**
 * Deny by default; a rule applies when its role (or `*`), path prefix (on
 * segment boundaries) and extension list all match; later rules override
 * earlier ones, flag by flag.
 */
export class AccessControlList {
  private readonly rules: readonly (AccessRule & { scope: SafePath })[];
  /** Every extension some rule names: the only ones whose answer can differ from that of any other extension. */
  private readonly namedExtensions: readonly string[];

  constructor(rules: readonly AccessRule[]) {
    this.rules = rules.map((rule) => ({ ...rule, scope: SafePath.parse(rule.path ?? '') }));
    this.namedExtensions = [...new Set(rules.flatMap((rule) => rule.extensions ?? []).map((e) => e.toLowerCase()))];
  }

  isAllowed(role: string, permission: Permission, target: AccessTarget = {}): boolean {
    const path = target.path ?? SafePath.root;
    if (target.extension !== undefined || !target.anyExtension) return this.decide(role, permission, path, target.extension?.toLowerCase());
    // Not "does any rule limited to extensions apply" (one refusing .exe would then refuse everything), but "is some extension allowed":
    // an extension no rule names is decided by the unlimited rules alone, the same as a folder.
    return [...this.namedExtensions, undefined].some((extension) => this.decide(role, permission, path, extension));
  }

  permissionsFor(role: string, target: AccessTarget = {}): Record<Permission, boolean> {
    return Object.fromEntries(PERMISSIONS.map((p) => [p, this.isAllowed(role, p, target)])) as Record<Permission, boolean>;
  }

  /** `extension` undefined: a folder, or a file of a type no rule names; rules limited to extensions do not apply. */
  private decide(role: string, permission: Permission, path: SafePath, extension: string | undefined): boolean {
    let allowed = false;
    for (const rule of this.rules) {
      const flag = rule[permission];
      if (flag === undefined || (rule.role !== '*' && rule.role !== role) || !path.isWithin(rule.scope)) continue;
      if (rule.extensions && rule.extensions.length > 0 && !(extension !== undefined && rule.extensions.some((e) => e.toLowerCase() === extension))) continue;
      allowed = flag;
    }
    return allowed;
  }
}
