/**
 * The sidebar a generator's config lists, as `SidebarEntry` values, from its literal data:
 * VitePress `themeConfig.sidebar`, Starlight `sidebar`, MkDocs `nav`, Mintlify `navigation`.
 * Links to other sites are left out; what is not a literal was never read.
 */
import { isRecord, stringAt, type LiteralValue } from './literal-values.ts';
import type { SidebarEntry } from './types.ts';

const EXTERNAL = /^[a-z][a-z0-9+.-]*:/i;

function page(reference: string | undefined): SidebarEntry[] {
  return reference === undefined || EXTERNAL.test(reference) ? [] : [{ page: reference }];
}

function group(label: string | undefined, entries: readonly SidebarEntry[], link?: string): SidebarEntry[] {
  const all = [...page(link), ...entries];
  if (all.length === 0) return [];
  return label === undefined ? all : [{ label, entries: all }];
}

function listOf(value: LiteralValue | undefined): readonly LiteralValue[] {
  return Array.isArray(value) ? (value as readonly LiteralValue[]) : [];
}

/** VitePress: `[{ text, link?, items: [...] }]`, or `{ '/guide/': [...], ... }` (one sidebar per path, in key order). */
export function vitepressSidebar(sidebar: LiteralValue | undefined): SidebarEntry[] | null {
  const item = (value: LiteralValue): SidebarEntry[] => {
    if (!isRecord(value)) return [];
    const items = listOf(value['items']);
    if (items.length === 0) return page(stringAt(value, 'link'));
    return group(stringAt(value, 'text'), items.flatMap(item), stringAt(value, 'link'));
  };
  if (Array.isArray(sidebar)) return (sidebar as readonly LiteralValue[]).flatMap(item);
  if (isRecord(sidebar)) return Object.values(sidebar).flatMap((value) => (isRecord(value) ? listOf(value['items']) : listOf(value)).flatMap(item));
  return null;
}

/** Starlight: `['slug', { label, items }, { label, autogenerate: { directory } }, { slug }, { link, label }]`. */
export function starlightSidebar(sidebar: LiteralValue | undefined): SidebarEntry[] | null {
  const item = (value: LiteralValue): SidebarEntry[] => {
    if (typeof value === 'string') return page(value);
    if (!isRecord(value)) return [];
    const label = stringAt(value, 'label') ?? (isRecord(value['label']) ? stringAt(value['label'], 'en') : undefined);
    const directory = stringAt(value['autogenerate'], 'directory');
    if (directory !== undefined) return group(label, [{ folder: directory }]);
    if (Array.isArray(value['items'])) return group(label, listOf(value['items']).flatMap(item));
    return page(stringAt(value, 'slug') ?? stringAt(value, 'link'));
  };
  return Array.isArray(sidebar) ? (sidebar as readonly LiteralValue[]).flatMap(item) : null;
}

/** MkDocs `nav`: `['index.md', { Title: 'page.md' }, { Section: [...] }]`. */
export function mkdocsNav(nav: LiteralValue | undefined): SidebarEntry[] | null {
  const item = (value: LiteralValue): SidebarEntry[] => {
    if (typeof value === 'string') return page(value);
    if (!isRecord(value)) return [];
    return Object.entries(value).flatMap(([label, target]) => (typeof target === 'string' ? page(target) : group(label, listOf(target).flatMap(item))));
  };
  return Array.isArray(nav) ? (nav as readonly LiteralValue[]).flatMap(item) : null;
}

/** The keys that name a Mintlify navigation container (a tab, an anchor...). */
const MINTLIFY_CONTAINERS = ['tab', 'anchor', 'dropdown', 'version', 'language', 'product', 'item'];

/**
 * Mintlify `navigation` (docs.json: tabs, anchors, dropdowns, versions... holding `groups` of
 * `{ group, pages }`; mint.json: an array of groups): every group and page in document order. A
 * group label used in two containers ("Getting started" under two anchors) is named with its
 * container's ("Guides: Getting started").
 */
export function mintlifyNavigation(navigation: LiteralValue | undefined): SidebarEntry[] | null {
  const containers = new Map<SidebarEntry, string>();
  const item = (value: LiteralValue, container: string | undefined): SidebarEntry[] => {
    if (typeof value === 'string') return page(value);
    if (Array.isArray(value)) return (value as readonly LiteralValue[]).flatMap((inner) => item(inner, container));
    if (!isRecord(value)) return [];
    const label = stringAt(value, 'group');
    if (label !== undefined) {
      const entries = group(label, listOf(value['pages']).flatMap((inner) => item(inner, container)), stringAt(value, 'root'));
      for (const entry of entries) if (container !== undefined) containers.set(entry, container);
      return entries;
    }
    // a tab, an anchor, a dropdown...: what it holds, in the order it is written
    const name = MINTLIFY_CONTAINERS.map((key) => stringAt(value, key)).find((found) => found !== undefined) ?? container;
    return Object.values(value).flatMap((inner) => (typeof inner === 'object' && inner !== null ? item(inner, name) : []));
  };
  if (navigation === undefined) return null;
  const entries = item(navigation, undefined);
  const labels = entries.map((entry) => ('label' in entry ? entry.label : null));
  return entries.map((entry) => {
    const container = containers.get(entry);
    if (!('label' in entry) || container === undefined || labels.filter((label) => label === entry.label).length < 2) return entry;
    return { label: `${container}: ${entry.label}`, entries: entry.entries };
  });
}
