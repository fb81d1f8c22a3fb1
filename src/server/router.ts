/**
 * A small explicit route table (exact paths, no parameters). One `find()` answers all three
 * outcomes: the handler, "path known but not this method" with the `Allow` list, or not found.
 */

/** Routes registered with ANY_METHOD take every method (the handler checks its own). */
export const ANY_METHOD = '*';

export type RouteMatch<H> =
  | { kind: 'found'; route: string; handler: H }
  | { kind: 'method_not_allowed'; route: string; allow: readonly string[] }
  | { kind: 'not_found' };

interface Route<H> {
  readonly handlers: ReadonlyMap<string, H>;
  readonly allow: readonly string[];
}

export class Router<H> {
  readonly #routes = new Map<string, Route<H>>();

  /** Registers `path` with one handler per method; a path is registered once. */
  add(path: string, methods: Readonly<Record<string, H>>): this {
    if (this.#routes.has(path)) throw new Error(`route ${path} registered twice`);
    const handlers = new Map(Object.entries(methods).map(([method, handler]) => [method.toUpperCase(), handler]));
    this.#routes.set(path, { handlers, allow: [...handlers.keys()].filter((m) => m !== ANY_METHOD) });
    return this;
  }

  find(method: string, path: string): RouteMatch<H> {
    const route = this.#routes.get(path);
    if (route === undefined) return { kind: 'not_found' };
    const handler = route.handlers.get(method) ?? route.handlers.get(ANY_METHOD);
    if (handler !== undefined) return { kind: 'found', route: path, handler };
    return { kind: 'method_not_allowed', route: path, allow: route.allow };
  }
}
