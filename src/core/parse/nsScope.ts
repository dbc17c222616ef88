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

interface Frame {
  depth: number;
  saved: Map<string, string>;
}

/**
 * Namespace scopes of the open elements and name resolution by URI (IMP-004), with a cache of
 * resolved names per scope (cleared whenever a scope with declarations opens or closes).
 */
export class NsScope {
  private ns = new Map<string, string>();
  private readonly frames: Frame[] = [];
  private readonly resolved = new Map<string, QName>();
  private readonly hooks: ScopeHooks;
  /** Namespace URI treated as the sitemap core (the root's namespace). */
  coreNs = '';

  constructor(hooks: ScopeHooks) {
    this.hooks = hooks;
  }

  /** A frame object, for keeping its hidden class alive between parses (see xml.ts liveShapes). */
  static frameShape(): unknown {
    const frame: Frame = { depth: 0, saved: new Map() };
    return frame;
  }

  /** Apply the `xmlns` / `xmlns:*` attributes (flat name/value list) of an element at `depth`. */
  declare(attrs: string[], depth: number, at: number): void {
    let frame: Frame | null = null;
    for (let a = 0; a < attrs.length; a += 2) {
      const name = attrs[a];
      let prefix: string;
      if (name === 'xmlns') prefix = '';
      else if (name.startsWith('xmlns:')) prefix = name.slice(6);
      else continue;
      if (!frame) {
        frame = { depth, saved: new Map(this.ns) };
        this.frames.push(frame);
        this.resolved.clear();
      }
      this.ns.set(prefix, attrs[a + 1]);
      this.hooks.nsDeclared(prefix, attrs[a + 1], at);
    }
  }

  /** Close every scope opened at `depth` or deeper. */
  pop(depth: number): void {
    const f = this.frames;
    while (f.length > 0 && f[f.length - 1].depth >= depth) {
      this.ns = f.pop()!.saved;
      this.resolved.clear();
    }
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
