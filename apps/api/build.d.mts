/** Where the API's bundle goes (apps/api/dist): server.js and cli.js. */
export const API_DIST: string;
/** Bundles the API's server and command line into API_DIST (build.mjs); resolves to API_DIST. */
export function buildApi(): Promise<string>;
