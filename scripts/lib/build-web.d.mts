export declare const root: string;
export declare const webDist: string;
/** Builds the web app when its bundle is missing or older than its sources; true when it built. */
export declare function ensureWebBuild(opts?: { quiet?: boolean }): boolean;
/** The prerendering bundle the server imports (entry-server.js). */
export declare const webSsrDist: string;
