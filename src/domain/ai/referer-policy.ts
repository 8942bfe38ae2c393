type Matcher = (referer: URL) => boolean;

const asUrl = (value: string): URL | undefined => {
  try {
    return new URL(value);
  } catch {
    return undefined;
  }
};

/**
 * `"/regex/flags"` is tested against the referer's origin and against the
 * whole referer. A URL matches the same origin, and when it has a path, only
 * referers under that path (so `https://a.com` never matches `https://a.com.evil.net`).
 */
const toMatcher = (pattern: string): Matcher => {
  const regex = /^\/(.+)\/([a-z]*)$/.exec(pattern);
  if (regex) {
    const compiled = new RegExp(regex[1]!, regex[2]);
    return (referer) => compiled.test(referer.origin) || compiled.test(referer.href);
  }
  const allowed = asUrl(pattern);
  if (!allowed) return () => false;
  const prefix = allowed.pathname.replace(/\/$/, '');
  return (referer) =>
    referer.origin === allowed.origin &&
    (prefix === '' || referer.pathname === prefix || referer.pathname.startsWith(`${prefix}/`));
};

/** The configured referers a request must come from; an empty list lets everyone in. */
export class RefererPolicy {
  private readonly matchers: Matcher[];

  constructor(patterns: readonly string[]) {
    this.matchers = patterns.map(toMatcher);
  }

  get enforced(): boolean {
    return this.matchers.length > 0;
  }

  allows(referer: string | undefined): boolean {
    if (!this.enforced) return true;
    const url = referer ? asUrl(referer) : undefined;
    return url !== undefined && this.matchers.some((match) => match(url));
  }
}
