"""Reference anchors from the REAL MkDocs toolchain: every page of a docs folder rendered by
Python-Markdown with the extensions Material for MkDocs' own site configures, and the ids its
`toc` extension gave the page's `##`/`###` headings, in document order.

Install (Debian packages, outside the repository; not dependencies of this project):

    apt-get install -y mkdocs python3-markdown python3-pymdownx python3-pygments

(Debian 12: MkDocs 1.4.2, Python-Markdown 3.4.1, pymdown-extensions 9.5, Pygments 2.14.) Then, from
the repository root:

    /usr/bin/python3 scripts/bench/anchor-reference/mkdocs.py <docs folder> > mkdocs-material.json
    /usr/bin/python3 scripts/bench/anchor-reference/mkdocs.py ../shared/eval/mkdocs-material/docs > /tmp/anchor-ref/mkdocs-material.json

Writes `{ "<file>": ["id", ...] }` to stdout (files relative to the docs folder, sorted).

How, as `mkdocs build` does for each page: MkDocs' own `get_data` takes the YAML (or
MultiMarkdown) meta off the top, then `markdown.Markdown` renders the rest with the
`markdown_extensions` of squidfunk/mkdocs-material's mkdocs.yml (listed in EXTENSIONS below); the
ids are the page's `toc_tokens` (what MkDocs' table of contents and Material's outline are made
from), h2 and h3 only. Differences from the live build, none of which gives a heading another id:
- Material (the `material` package) is not packaged, so its emoji index and `to_svg` are stood in
  for by pymdownx's twemoji index plus every `:material-…:`, `:fontawesome-…:`, `:octicons-…:` and
  `:simple-…:` shortcode as an icon rendered as an SVG (no text), as Material's `to_svg` does.
- Options this pymdownx release does not know are dropped, with a note on stderr (tabbed's
  `slugify`/`combine_header_slug` name tabs, not headings).
- The site's hooks are not run: `shortcodes.py` turns `<!-- md:… -->` comments into badges, and in
  `##`/`###` headings (conventions.md) those are icon-only badges, which add no text, just as the
  comments add none; `translations.py` writes no headings.
- Plugins are not run: the blog plugin leaves `draft: true` posts out of the build (so does this
  script) and lists post excerpts on the blog index (not part of that page's own Markdown).
- `pymdownx.snippets` resolves from the docs folder's parent (the repository root, where mkdocs
  runs); its `auto_append` file (abbreviations) is not in the export and is skipped, as
  `check_paths: false` does.
"""
import importlib
import json
import os
import sys
from xml.etree import ElementTree as etree

# This file is named mkdocs.py: keep its own folder off the import path, so `mkdocs` is MkDocs.
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path[:] = [entry for entry in sys.path if os.path.abspath(entry or os.curdir) != HERE]

import markdown  # noqa: E402
from mkdocs.utils.meta import get_data  # noqa: E402
from pymdownx import emoji  # noqa: E402
from pymdownx.slugs import slugify  # noqa: E402
from pymdownx.superfences import fence_code_format  # noqa: E402

if len(sys.argv) != 2:
    sys.stderr.write('usage: python3 mkdocs.py <docs folder>\n')
    sys.exit(2)
DOCS = os.path.abspath(sys.argv[1])
ICON_SETS = ('material-', 'fontawesome-', 'octicons-', 'simple-')


class IconsAndEmoji(dict):
    """pymdownx's twemoji index, plus any Material icon shortcode (Material's index lists its icon files)."""

    def get(self, key, default=None):
        if key.startswith(':') and key[1:].startswith(ICON_SETS):
            return {'name': key.strip(':'), 'category': 'icon'}
        return super().get(key, default)


def material_index(options, md):
    index = emoji.twemoji(options, md)
    return {**index, 'emoji': IconsAndEmoji(index['emoji'])}


def material_to_svg(index, shortname, alias, uc, alt, title, category, options, md):
    if category == 'icon':
        element = etree.Element('span', {'class': options.get('classes', index)})
        element.text = md.htmlStash.store('<svg xmlns="http://www.w3.org/2000/svg"></svg>')
        return element
    return emoji.to_svg(index, shortname, alias, uc, alt, title, category, options, md)


# markdown_extensions of squidfunk/mkdocs-material's mkdocs.yml, in its order.
EXTENSIONS = [
    ('abbr', {}),
    ('admonition', {}),
    ('attr_list', {}),
    ('def_list', {}),
    ('footnotes', {}),
    ('md_in_html', {}),
    ('toc', {'permalink': True}),
    ('pymdownx.arithmatex', {'generic': True}),
    ('pymdownx.betterem', {'smart_enable': 'all'}),
    ('pymdownx.caret', {}),
    ('pymdownx.details', {}),
    ('pymdownx.emoji', {'emoji_index': material_index, 'emoji_generator': material_to_svg}),
    ('pymdownx.highlight', {'anchor_linenums': True, 'line_spans': '__span', 'pygments_lang_class': True}),
    ('pymdownx.inlinehilite', {}),
    ('pymdownx.keys', {}),
    ('pymdownx.magiclink', {'normalize_issue_symbols': True, 'repo_url_shorthand': True, 'user': 'squidfunk', 'repo': 'mkdocs-material'}),
    ('pymdownx.mark', {}),
    ('pymdownx.smartsymbols', {}),
    ('pymdownx.snippets', {'auto_append': ['includes/mkdocs.md'], 'base_path': [os.path.dirname(DOCS)]}),
    ('pymdownx.superfences', {'custom_fences': [{'name': 'mermaid', 'class': 'mermaid', 'format': fence_code_format}]}),
    ('pymdownx.tabbed', {'alternate_style': True, 'combine_header_slug': True, 'slugify': slugify(case='lower')}),
    ('pymdownx.tasklist', {'custom_checkbox': True}),
    ('pymdownx.tilde', {}),
]


def known_options(name, options):
    """The options this installed extension accepts; the others are reported and dropped."""
    module = importlib.import_module(name if '.' in name else f'markdown.extensions.{name}')
    defaults = module.makeExtension().getConfigs()
    dropped = [key for key in options if key not in defaults]
    for key in dropped:
        sys.stderr.write(f'mkdocs: {name}: option {key} unknown to this release, left out\n')
    return {key: value for key, value in options.items() if key not in dropped}


CONFIGS = {name: known_options(name, options) for name, options in EXTENSIONS}


def pages(root):
    """Every `.md` file MkDocs builds: dot entries and a top-level `templates/` are left out (its `exclude_docs` default)."""
    for folder, dirs, files in os.walk(root):
        relative = os.path.relpath(folder, root)
        dirs[:] = sorted(d for d in dirs if not d.startswith('.') and not (relative == '.' and d == 'templates'))
        for name in sorted(files):
            if name.endswith('.md') and not name.startswith('.'):
                yield os.path.relpath(os.path.join(folder, name), root).replace(os.sep, '/')


def flatten(tokens):
    for token in tokens:
        yield token
        yield from flatten(token['children'])


result = {}
for file in pages(DOCS):
    with open(os.path.join(DOCS, file), encoding='utf-8-sig') as handle:
        source, meta = get_data(handle.read())
    if file.startswith('blog/posts/') and meta.get('draft') is True:
        sys.stderr.write(f'mkdocs: {file}: a draft post, not built\n')
        continue
    md = markdown.Markdown(extensions=[name for name, _ in EXTENSIONS], extension_configs=CONFIGS)
    md.convert(source)
    result[file] = [token['id'] for token in flatten(md.toc_tokens) if token['level'] in (2, 3)]

versions = f"Python-Markdown {markdown.__version__}"
sys.stderr.write(f'{versions}: {len(result)} pages, {sum(len(ids) for ids in result.values())} h2/h3 ids\n')
json.dump(dict(sorted(result.items())), sys.stdout, indent=2, ensure_ascii=False)
sys.stdout.write('\n')
