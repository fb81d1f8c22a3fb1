/**
 * Ranking of the built-in corpus for the `search` tool: simple, deterministic keyword scoring.
 * Text is folded (lower case, accents removed: "Cramér" matches "cramer"), split into words
 * (snake_case words also count as their parts), and a trailing plural "s" is dropped. A
 * document's score is the sum over distinct query words of
 * 3 x (occurrences in the title) + 2 x (in the keywords) + min(occurrences in the text, 3);
 * documents scoring 0 are left out, ties go by id. A query without any word lists every
 * document in id order.
 */
import type { CorpusDocument } from './corpus/document.js';

export const MAX_RESULTS = 10;

const STOPWORDS = new Set(['a', 's', 't', 'an', 'and', 'are', 'as', 'at', 'be', 'by', 'do', 'doe', 'for', 'from', 'how', 'i', 'in', 'is', 'it', 'of', 'on', 'or', 'the', 'thi', 'to', 'what', 'when', 'which', 'with']);

function stem(word: string): string {
  return word.length > 3 && word.endsWith('s') && !word.endsWith('ss') ? word.slice(0, -1) : word;
}

/** The words of a text, folded and stemmed, in order and with repeats (stopwords removed). */
export function tokenize(text: string): string[] {
  const folded = text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
  const words: string[] = [];
  for (const raw of folded.match(/[a-z0-9_]+/g) ?? []) {
    const parts = raw.includes('_') ? [raw, ...raw.split('_')] : [raw];
    for (const part of parts) {
      const word = stem(part);
      if (word !== '' && !STOPWORDS.has(word)) words.push(word);
    }
  }
  return words;
}

function counts(words: readonly string[]): Map<string, number> {
  const map = new Map<string, number>();
  for (const w of words) map.set(w, (map.get(w) ?? 0) + 1);
  return map;
}

interface IndexedDocument {
  doc: CorpusDocument;
  title: Map<string, number>;
  keywords: Map<string, number>;
  text: Map<string, number>;
}

export interface SearchIndex {
  search(query: string): CorpusDocument[];
}

export function buildSearchIndex(corpus: readonly CorpusDocument[]): SearchIndex {
  const indexed: IndexedDocument[] = corpus.map((doc) => ({
    doc,
    title: counts(tokenize(doc.title)),
    keywords: counts(tokenize(doc.keywords.join(' '))),
    text: counts(tokenize(doc.text)),
  }));
  const byId = (a: CorpusDocument, b: CorpusDocument): number => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
  const all = corpus.slice().sort(byId);

  return {
    search(query: string): CorpusDocument[] {
      const words = [...new Set(tokenize(query))];
      if (words.length === 0) return all.slice();
      return indexed
        .map((entry) => ({
          doc: entry.doc,
          score: words.reduce(
            (sum, w) => sum + 3 * (entry.title.get(w) ?? 0) + 2 * (entry.keywords.get(w) ?? 0) + Math.min(entry.text.get(w) ?? 0, 3),
            0,
          ),
        }))
        .filter((hit) => hit.score > 0)
        .sort((x, y) => y.score - x.score || byId(x.doc, y.doc))
        .slice(0, MAX_RESULTS)
        .map((hit) => hit.doc);
    },
  };
}
