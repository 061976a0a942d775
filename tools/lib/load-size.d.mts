/** Types of load-size.mjs, for the package tests. */
export declare const PLAYER_LOAD_BUDGET: number;
export interface LoadGraph {
  /** Files fetched at load: the entry and what it imports statically (paths relative to the dist folder). */
  atLoad: string[];
  /** Files fetched on first use: what any of them imports with import(). */
  onUse: string[];
  /** Files imported but not in the dist folder. */
  missing: string[];
  loadGzip: number;
  onUseGzip: number;
}
export declare function loadGraph(dist: string, entry?: string): LoadGraph;
