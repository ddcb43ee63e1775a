import DOMPurify from 'dompurify';
import type { LinkPolicy } from './markdown.ts';

/**
 * Rendered answer HTML as DOM nodes, through DOMPurify (no script, event handler, `javascript:`
 * url, form control, style or id survives), then the link policy once more on the result: an
 * `<a>` whose href the policy refuses is replaced by its content.
 */
export function sanitizedFragment(html: string, policy: LinkPolicy): DocumentFragment {
  const fragment = DOMPurify.sanitize(html, {
    RETURN_DOM_FRAGMENT: true,
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'select', 'textarea', 'img', 'svg', 'math', 'iframe', 'object', 'embed'],
    FORBID_ATTR: ['style', 'id', 'name', 'target', 'srcset'],
  });
  for (const link of fragment.querySelectorAll('a')) {
    const href = link.getAttribute('href');
    if (href === null || !policy(href)) link.replaceWith(...link.childNodes);
  }
  return fragment;
}
