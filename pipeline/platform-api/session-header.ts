/** The header that carries a session token, on the proxy and on the platform alike (header names are case-insensitive). */
export const SESSION_TOKEN_HEADER = 'Svc-Session-Token';
