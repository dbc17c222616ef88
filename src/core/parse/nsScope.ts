import { classifyNs, NsClass, STANDARD_PREFIXES } from './names.ts';

/** A resolved element or attribute name. */
export interface QName {
  qname: string;
  prefix: string;
  local: string;
  ns: string;
  cls: NsClass;
  /** Cache slot for consumers (e.g. the XSD rank of a core child); -2 until computed. */
  rank: number;
}

/** Callbacks for namespace findings. */
export interface ScopeHooks {
  nsDeclared(prefix: string, uri: string, at: number): void;
  undeclaredPrefix(prefix: string, at: number): void;
}

/**
 * Namespace scopes of the open elements and name resolution by URI (IMP-004), with a cache of
 * resolved names (cleared only when a declaration changes a binding). Scopes are an undo log:
 * a declaration records the binding it replaces and closing its element restores it, so each
 * declaration costs O(1) however deep or wide the declarations go (no copy of the bindings).
 */
export class NsScope {
  private readonly ns = new Map<string, string>();
  /** Undo log, one slot per declaration: depth of the declaring element, prefix, previous URI. */
  private readonly logDepth: number[] = [];
  private readonly logPrefix: string[] = [];
  private readonly logPrev: (string | undefined)[] = [];
  private readonly resolved = new Map<string, QName>();
  private readonly hooks: ScopeHooks;
  /** Namespace URI treated as the sitemap core (the root's namespace). */
  coreNs = '';

  constructor(hooks: ScopeHooks) {
    this.hooks = hooks;
  }

  /** Apply the `xmlns` / `xmlns:*` attributes (flat name/value list) of an element at `depth`. */
  declare(attrs: string[], depth: number, at: number): void {
    for (let a = 0; a < attrs.length; a += 2) {
      const name = attrs[a];
      let prefix: string;
      if (name === 'xmlns') prefix = '';
      else if (name.startsWith('xmlns:')) prefix = name.slice(6);
      else continue;
      const uri = attrs[a + 1];
      const prev = this.ns.get(prefix);
      this.logDepth.push(depth);
      this.logPrefix.push(prefix);
      this.logPrev.push(prev);
      if (prev !== uri) {
        this.ns.set(prefix, uri);
        if (this.resolved.size > 0) this.resolved.clear();
      }
      this.hooks.nsDeclared(prefix, uri, at);
    }
  }

  /** Close every scope opened at `depth` or deeper. */
  pop(depth: number): void {
    const d = this.logDepth;
    let n = d.length;
    if (n === 0 || d[n - 1] < depth) return;
    const prefixes = this.logPrefix;
    const prevs = this.logPrev;
    do {
      n--;
      const prefix = prefixes[n];
      const prev = prevs[n];
      if (this.ns.get(prefix) !== prev) {
        if (prev === undefined) this.ns.delete(prefix);
        else this.ns.set(prefix, prev);
        if (this.resolved.size > 0) this.resolved.clear();
      }
    } while (n > 0 && d[n - 1] >= depth);
    d.length = n;
    prefixes.length = n;
    prevs.length = n;
  }

  /** Resolve a qualified element name; undeclared standard prefixes are injected (IMP-005). */
  resolve(qname: string, at: number): QName {
    let q = this.resolved.get(qname);
    if (q) return q;
    const colon = qname.indexOf(':');
    const prefix = colon === -1 ? '' : qname.slice(0, colon);
    const local = colon === -1 ? qname : qname.slice(colon + 1);
    let ns = this.ns.get(prefix);
    if (ns === undefined) {
      ns = '';
      if (prefix !== '') {
        this.hooks.undeclaredPrefix(prefix, at);
        ns = STANDARD_PREFIXES[prefix] ?? STANDARD_PREFIXES[prefix.toLowerCase()] ?? '';
      }
    }
    const cls = ns === this.coreNs ? NsClass.Core : ns === '' ? NsClass.None : classifyNs(ns).cls;
    q = { qname, prefix, local, ns, cls, rank: -2 };
    this.resolved.set(qname, q);
    return q;
  }

  /** Set the namespace URI treated as the sitemap core. */
  setCoreNs(uri: string): void {
    this.coreNs = uri;
    this.resolved.clear();
  }

  /** Current binding of `prefix` ('' for the default namespace), or undefined. */
  lookup(prefix: string): string | undefined {
    return this.ns.get(prefix);
  }
}
