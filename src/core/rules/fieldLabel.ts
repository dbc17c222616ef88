/**
 * A field path (`images.0.caption`) in the words of the UI, for the parser's messages. Apart from
 * fieldPath.ts so that the first chunk of the page (which reads and writes paths) does not carry it.
 */
import { FIELDS, isEditableField } from '../fields.ts';

const LIST_NAMES: Record<string, string> = {
  images: 'Image',
  videos: 'Video',
  news: 'News',
  alternates: 'Alternate link',
};

/**
 * `images.0.caption` → "Image 1 caption", `videos.0.thumbnail_loc` → "Video 1 thumbnail URL",
 * `lastmod` → "Last modified" (scalars: their FIELDS label).
 */
export function fieldLabel(path: string): string {
  const parts = path.split('.');
  if (isEditableField(parts[0])) return FIELDS[parts[0]].label;
  const list = LIST_NAMES[parts[0]];
  const n = Number(parts[1]);
  if (list === undefined || !Number.isInteger(n)) return path;
  const rest = parts
    .slice(2)
    .map((p) => (p === 'loc' || p === 'href' ? 'URL' : p.replace(/_loc$/, ' URL').replace(/_/g, ' ')))
    .join(' ');
  return `${list} ${n + 1}${rest ? ` ${rest}` : ''}`;
}
