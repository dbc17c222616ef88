import type { XNode } from '../../core/model.ts';
import { EditableText } from './EditableText.tsx';

/** Attributes Google documents per video child (VID-014/015/016, price, id, gallery_loc). */
const KNOWN_ATTRS: Record<string, readonly string[]> = {
  restriction: ['relationship'],
  platform: ['relationship'],
  uploader: ['info'],
  price: ['currency', 'type', 'resolution'],
  gallery_loc: ['title'],
  id: ['type'],
};
/** Deprecated attributes of `<video:player_loc>` (VID-019). */
const DEPRECATED_ATTRS = new Set(['allow_embed', 'autoplay']);

export interface NodeAttrsProps {
  node: XNode;
  /** Accessible-name prefix, e.g. "Video 1 restriction". */
  label: string;
  onChange(node: XNode, label: string): void;
}

/**
 * A video child's attributes (editable values, removable, documented ones addable) and its
 * child elements (read-only, e.g. the deprecated `<video:tvshow>` parts).
 */
export function NodeAttrs({ node, label, onChange }: NodeAttrsProps) {
  const attrs = Object.entries(node.attrs ?? {});
  const addable = (KNOWN_ATTRS[node.name] ?? []).filter((a) => node.attrs?.[a] === undefined);
  if (attrs.length === 0 && addable.length === 0 && !node.children?.length) return null;
  const setAttr = (k: string, v: string | null) => {
    const next = { ...(node.attrs ?? {}) };
    if (v === null) delete next[k];
    else next[k] = v;
    onChange({ ...node, attrs: next }, v === null ? `Remove ${k} attribute` : `Edit ${k} attribute`);
  };
  return (
    <div className="dt-attrs">
      {attrs.map(([k, v]) => (
        <span key={k} className={DEPRECATED_ATTRS.has(k) ? 'dt-attr deprecated' : 'dt-attr'}>
          <span className="dt-attr-name">{k}=</span>
          <EditableText value={v} label={`${label} ${k} attribute`} mono onCommit={(nv) => setAttr(k, nv)} />
          {DEPRECATED_ATTRS.has(k) ? <span className="dt-flag">ignored by Google</span> : null}
          <button
            type="button"
            className="btn small ghost icon"
            aria-label={`Remove ${label} ${k} attribute`}
            onClick={() => setAttr(k, null)}
          >
            ×
          </button>
        </span>
      ))}
      {addable.map((k) => (
        <button
          key={k}
          type="button"
          className="btn small ghost dt-add-attr"
          onClick={() => setAttr(k, k === 'relationship' ? 'allow' : '')}
        >
          + {k}
        </button>
      ))}
      {(node.children ?? []).map((c, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: read-only child list in source order
        <span key={i} className="dt-attr">
          {c.name}: {c.text}
        </span>
      ))}
    </div>
  );
}
