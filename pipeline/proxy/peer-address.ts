/**
 * The address of the client a request came from, as the server that received
 * it knows it (the TCP peer). A web-standard `Request` does not carry it, so
 * the Node host records it here when the request arrives and the proxy reads
 * it back to tell the platform (`Ask-Client-Address`). Weakly held: nothing
 * outlives its request.
 */
const peers = new WeakMap<Request, string>();

/** Records the peer `request` arrived from (the host calls this first). */
export function rememberPeerAddress(request: Request, address: string | undefined): void {
  if (address !== undefined && address !== '') peers.set(request, address);
}

/** The peer recorded for `request`; undefined when the host recorded none. */
export function peerAddressOf(request: Request): string | undefined {
  return peers.get(request);
}
