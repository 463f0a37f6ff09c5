// The part of psl (Public Suffix List) the server uses: its own types are not reachable through its "exports".
declare module 'psl' {
  /** The registrable domain of a host name (`www.acme.co.uk` → `acme.co.uk`), or null when it has none. */
  export function get(domain: string): string | null;
}
