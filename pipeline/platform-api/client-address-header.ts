/**
 * The header in which the proxy tells the platform the address of the client
 * it forwards for. The proxy sets it (any copy the client sent is dropped: the
 * proxy forwards an allow-list of headers), and the platform believes it only
 * from a peer it was told is its proxy (`ask platform serve --trusted-proxy`).
 */
export const CLIENT_ADDRESS_HEADER = 'Ask-Client-Address';
