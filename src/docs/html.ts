/**
 * HTML text escaping for the reference page: every character that can end a text node or an
 * attribute value (`& < > " '`) becomes an entity, so interpolated values stay text.
 */

const ENTITIES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Escapes `text` for use in HTML text content and in quoted attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => ENTITIES[ch] ?? ch);
}

/** Escapes `text` and renders its `backtick` spans (the Markdown of shared descriptions) as <code>. */
export function inlineMarkdown(text: string): string {
  return escapeHtml(text).replace(/`([^`]+)`/g, '<code>$1</code>');
}
