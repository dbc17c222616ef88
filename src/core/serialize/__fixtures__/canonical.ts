/** Test fixtures for the serializer: the OUT-008 canonical example as text and as a model. */
import type { Entry, SitemapDocument } from '../../model.ts';

/** A urlset document from entries without ids (ids 0..n-1). */
export function urlset(
  entries: Array<Omit<Entry, 'id'>>,
  extra: Partial<SitemapDocument> = {},
): SitemapDocument {
  return {
    kind: 'urlset',
    entries: entries.map((e, id) => ({ id, ...e })),
    nextId: entries.length,
    ...extra,
  };
}

/** Copied verbatim from SITEMAP-RULES.md OUT-008 (canonical example). */
export const CANONICAL = `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:image="http://www.google.com/schemas/sitemap-image/1.1" xmlns:video="http://www.google.com/schemas/sitemap-video/1.1" xmlns:news="http://www.google.com/schemas/sitemap-news/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">
  <url>
    <loc>https://www.example.com/en/grilling?cut=steak&amp;side=corn</loc>
    <lastmod>2024-06-24T09:30:00+02:00</lastmod>
    <image:image>
      <image:loc>https://cdn.example.com/img/steak.jpg</image:loc>
    </image:image>
    <video:video>
      <video:thumbnail_loc>https://cdn.example.com/thumbs/steak.jpg</video:thumbnail_loc>
      <video:title>Grilling a steak</video:title>
      <video:description>Five minutes, one pan, no smoke alarm.</video:description>
      <video:content_loc>https://cdn.example.com/video/steak.mp4</video:content_loc>
      <video:duration>300</video:duration>
      <video:family_friendly>yes</video:family_friendly>
    </video:video>
    <news:news>
      <news:publication>
        <news:name>The Example Times</news:name>
        <news:language>en</news:language>
      </news:publication>
      <news:publication_date>2024-06-24T09:30:00+02:00</news:publication_date>
      <news:title>Grilling season opens</news:title>
    </news:news>
    <xhtml:link rel="alternate" hreflang="de" href="https://www.example.com/de/grillen?cut=steak&amp;side=corn"/>
    <xhtml:link rel="alternate" hreflang="en" href="https://www.example.com/en/grilling?cut=steak&amp;side=corn"/>
    <xhtml:link rel="alternate" hreflang="x-default" href="https://www.example.com/en/grilling?cut=steak&amp;side=corn"/>
  </url>
</urlset>
`;

const EN = 'https://www.example.com/en/grilling?cut=steak&side=corn';

/** The canonical example as a model, with children deliberately out of order and untrimmed. */
export function canonicalDoc(): SitemapDocument {
  return urlset([
    {
      loc: `  ${EN}\n`,
      lastmod: '2024-06-24T09:30+02:00',
      images: [{ loc: 'https://cdn.example.com/img/steak.jpg' }],
      videos: [
        {
          nodes: [
            { name: 'title', text: 'Grilling a steak' },
            { name: 'family_friendly', text: 'Yes' },
            { name: 'thumbnail_loc', text: 'https://cdn.example.com/thumbs/steak.jpg' },
            { name: 'description', text: 'Five minutes, one pan, no smoke alarm.' },
            { name: 'duration', text: ' 300 ' },
            { name: 'content_loc', text: 'https://cdn.example.com/video/steak.mp4' },
          ],
        },
      ],
      news: [
        {
          nodes: [
            { name: 'title', text: 'Grilling season opens' },
            { name: 'publication_date', text: '2024-06-24T09:30:00+02:00' },
            {
              name: 'publication',
              text: '',
              children: [
                { name: 'language', text: 'EN' },
                { name: 'name', text: 'The Example Times' },
              ],
            },
          ],
        },
      ],
      alternates: [
        { rel: 'alternate', hreflang: 'x-default', href: EN },
        { rel: 'alternate', hreflang: 'en', href: EN },
        { rel: 'alternate', hreflang: 'de', href: 'https://www.example.com/de/grillen?cut=steak&side=corn' },
      ],
    },
  ]);
}
