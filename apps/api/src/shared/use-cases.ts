/**
 * A module's use cases, bound once to its collaborators. A module writes each use case as a
 * function of `(deps, caller?, input…)`; `bindUseCases(deps, { … })` returns the same functions
 * without the first argument, which is the object `create<Module>(deps)` hands to its routes and,
 * through `app.ts`, to other modules. Nothing is looked up at run time: it is partial application.
 */
export type BoundUseCases<D, F> = {
  [K in keyof F]: F[K] extends (deps: D, ...args: infer A) => infer R ? (...args: A) => R : never;
};

export function bindUseCases<D, F extends Record<string, (deps: D, ...args: never[]) => unknown>>(deps: D, fns: F): BoundUseCases<D, F> {
  const bound: Record<string, unknown> = {};
  for (const [name, fn] of Object.entries(fns)) bound[name] = (...args: never[]) => fn(deps, ...args);
  return bound as BoundUseCases<D, F>;
}
