/** The url trees the platform's routes live under (spec/platform-api.md): `/api/v2` and `/debug`. */

/** True for `/api/v2`, `/api/v2/...`, `/debug` and `/debug/...`: the paths the platform proxy owns. */
export function isPlatformPath(pathname: string): boolean {
  return pathname === '/api/v2' || pathname.startsWith('/api/v2/') || pathname === '/debug' || pathname.startsWith('/debug/');
}
