/** The html rule sets of built-in agents (beyond-spec-4 4.1.0 I): links, accessibility, Open Graph and the page audit. */
import { type DraftFinding, elementFinding, type RuleInput, textFinding } from './rules.js';

/** The attributes of the tags of one name in html, in document order. */
function tags(html: string, name: string): { attrs: Record<string, string>; at: number }[] {
  const out: { attrs: Record<string, string>; at: number }[] = [];
  for (const m of html.matchAll(new RegExp(`<${name}\\b([^>]*)>`, 'gi'))) {
    const attrs: Record<string, string> = {};
    for (const a of (m[1] ?? '').matchAll(/([\w:-]+)\s*(?:=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+)))?/g)) {
      attrs[(a[1] ?? '').toLowerCase()] = a[2] ?? a[3] ?? a[4] ?? '';
    }
    out.push({ attrs, at: m.index });
  }
  return out;
}

/** R-links: links whose target is registered with a status of 400 or more, and malformed mailto links. */
export function linksRule(input: RuleInput): DraftFinding[] {
  const hrefs: { href: string; at: number }[] = input.html
    ? tags(input.html, 'a')
        .filter((t) => t.attrs['href'] !== undefined)
        .map((t) => ({ href: t.attrs['href'] as string, at: t.at }))
    : [...input.text.matchAll(/(?:https?:\/\/|mailto:)[^\s<>"]+/g)].map((m) => ({ href: m[0], at: m.index }));
  const out: DraftFinding[] = [];
  for (const { href, at } of hrefs) {
    const selector = input.html ? `a[href="${href}"]` : '';
    const base = { issueType: 'broken-link', confidence: 100, suggestion: 'Fix or remove the link.', title: `Broken link: ${href}` };
    if (href.toLowerCase().startsWith('mailto:')) {
      const address = href.slice(7);
      if (!/\s/.test(address) && address.includes('@')) continue;
      const fields = { ...base, severity: 'high' as const, description: `The mailto link ${href} has a malformed address.` };
      out.push(input.html ? elementFinding(input, { ...fields, htmlSelector: selector }) : textFinding(input, href, at, fields));
      continue;
    }
    const status = input.statusOf(href);
    if (status === undefined || status < 400) continue;
    const fields = { ...base, severity: status >= 500 ? ('critical' as const) : ('high' as const), description: `The link to ${href} answers ${status}.` };
    out.push(input.html ? elementFinding(input, { ...fields, htmlSelector: selector }) : textFinding(input, href, at, fields));
  }
  return out;
}

/** R-a11y (html only): images without alt text, a page without a language, form fields without a label. */
export function a11yRule(input: RuleInput): DraftFinding[] {
  const html = input.html;
  if (html === undefined) return [];
  const out: DraftFinding[] = [];
  for (const img of tags(html, 'img')) {
    if (img.attrs['alt'] !== undefined) continue;
    const src = img.attrs['src'] ?? '';
    out.push(
      elementFinding(input, {
        title: 'Image without alt text',
        description: `The image ${src} has no alt text.`,
        severity: 'high',
        suggestion: 'Add an alt attribute that describes the image.',
        issueType: 'missing-alt-text',
        confidence: 90,
        htmlSelector: `img[src="${src}"]`,
      }),
    );
  }
  const root = tags(html, 'html')[0];
  if (root && root.attrs['lang'] === undefined) {
    out.push(
      elementFinding(input, {
        title: 'Page without a language',
        description: 'The html element has no lang attribute.',
        severity: 'medium',
        suggestion: 'Add a lang attribute to the html element.',
        issueType: 'missing-lang',
        confidence: 90,
        htmlSelector: 'html',
        pageLevel: true,
      }),
    );
  }
  const labelled = new Set(tags(html, 'label').map((l) => l.attrs['for'] ?? ''));
  for (const field of tags(html, 'input')) {
    if (field.attrs['aria-label'] !== undefined || (field.attrs['id'] !== undefined && labelled.has(field.attrs['id']))) continue;
    const name = field.attrs['name'];
    out.push(
      elementFinding(input, {
        title: 'Form field without a label',
        description: `The input ${name ?? ''} has no label.`.replace('  ', ' '),
        severity: 'medium',
        suggestion: 'Add a label element or an aria-label attribute.',
        issueType: 'missing-label',
        confidence: 90,
        htmlSelector: name !== undefined ? `input[name="${name}"]` : 'input',
      }),
    );
  }
  return out;
}

/** R-og (html only): a missing Open Graph image, or one registered with a status of 400 or more. */
export function ogRule(input: RuleInput): DraftFinding[] {
  if (input.html === undefined) return [];
  const og = tags(input.html, 'meta').find((m) => m.attrs['property'] === 'og:image');
  if (!og) {
    return [
      elementFinding(input, {
        title: 'Missing Open Graph image',
        description: 'The page declares no og:image.',
        severity: 'medium',
        suggestion: 'Add a meta property="og:image" tag.',
        issueType: 'missing-og-image',
        confidence: 95,
        pageLevel: true,
      }),
    ];
  }
  const image = og.attrs['content'] ?? '';
  const status = input.statusOf(image);
  if (status === undefined || status < 400) return [];
  return [
    elementFinding(input, {
      title: 'Broken Open Graph image',
      description: `The Open Graph image ${image} answers ${status}.`,
      severity: 'high',
      suggestion: 'Point og:image at an image that loads.',
      issueType: 'broken-og-image',
      confidence: 95,
      htmlSelector: 'meta[property="og:image"]',
    }),
  ];
}

/** R-audit (html only): no title, no meta description, more than 500 KB of html; all page-level. */
export function auditRule(input: RuleInput): DraftFinding[] {
  const html = input.html;
  if (html === undefined) return [];
  const out: DraftFinding[] = [];
  const page = (title: string, description: string, severity: 'medium' | 'low', issueType: string, suggestion: string) =>
    elementFinding(input, { title, description, severity, suggestion, issueType, confidence: 80, pageLevel: true });
  if (!/<title\b[^>]*>[^<]*\S[^<]*<\/title>/i.test(html))
    out.push(page('Missing page title', 'The page has no title.', 'medium', 'seo', 'Add a title element.'));
  if (!tags(html, 'meta').some((m) => m.attrs['name']?.toLowerCase() === 'description'))
    out.push(page('Missing meta description', 'The page has no meta description.', 'low', 'seo', 'Add a meta name="description" tag.'));
  if (new TextEncoder().encode(html).length > 500 * 1024)
    out.push(page('Page is too heavy', 'The page html is larger than 500 KB.', 'medium', 'performance', 'Reduce the size of the page.'));
  return out;
}
