/**
 * What the root config's own script tag says (docs/product/shell.md#embedding-on-any-page): where the
 * careers server is (the script's own address: the manifest, the widgets and the API are there), the
 * employer's `data-domain` for pages that carry no starting data of their own, and `data-base-path`, where the
 * careers pages live on the page's site (docs/product/shell.md#any-path).
 *
 *   <script src="https://careers.acme.example/widgets/root-config/root-config.js" data-domain="acme.example" defer></script>
 */
export interface EmbedScript {
  /** The careers server's origin: the origin of the root config's script. */
  serverOrigin: string;
  /** The deployment manifest beside the widgets: `../manifest.json` from the root config's folder. */
  manifestUrl: string;
  /** The employer's domain (`data-domain`), trimmed; null when the tag has none. */
  domain: string | null;
  /** The interface language the page asks for (`data-language`, for example `fr-CA`); null to let the server choose. */
  language: string | null;
  /** The careers pages' base path on this site (`data-base-path`, for example `/jobs`); null for `/careers`. */
  basePath: string | null;
}

/** The file name the build gives the root config (webpack.config.ts, `entry`). */
const ROOT_CONFIG_FILE = 'root-config.js';

function attribute(script: HTMLScriptElement, name: string): string | null {
  const value = script.getAttribute(name)?.trim();
  return value ? value : null;
}

/**
 * The root config's script element: `document.currentScript` while the entry runs, else (a page that injected the
 * script as a module or by a tag manager that clears it) the first script whose address ends in root-config.js.
 */
export function findRootConfigScript(doc: Document = document): HTMLScriptElement | null {
  const current = doc.currentScript;
  if (current instanceof HTMLScriptElement && current.src) return current;
  return (
    Array.from(doc.getElementsByTagName('script')).find((script) => {
      try {
        return new URL(script.src, doc.baseURI).pathname.endsWith(`/${ROOT_CONFIG_FILE}`);
      } catch {
        return false;
      }
    }) ?? null
  );
}

/** Reads the tag; without one (a test page that imports the code) everything is relative to the page. */
export function readEmbedScript(script: HTMLScriptElement | null, doc: Document = document): EmbedScript {
  const src = script?.src
    ? new URL(script.src, doc.baseURI)
    : new URL('/widgets/root-config/root-config.js', doc.baseURI);
  return {
    serverOrigin: src.origin,
    manifestUrl: new URL('../manifest.json', src).href,
    domain: script ? attribute(script, 'data-domain') : null,
    language: script ? attribute(script, 'data-language') : null,
    basePath: script ? attribute(script, 'data-base-path') : null,
  };
}

let captured: EmbedScript | null = null;

/** Called by the entry module while it runs, the one moment `document.currentScript` is the root config's tag. */
export function captureEmbedScript(doc: Document = document): void {
  captured = readEmbedScript(findRootConfigScript(doc), doc);
}

/** The tag as read at start. */
export function embedScript(): EmbedScript {
  return captured ?? readEmbedScript(findRootConfigScript());
}
