import type { FastifyPluginCallback, FastifyReply, FastifyRequest } from 'fastify';
import type { PairingCode, PairingService } from '../pairing/pairing-service.ts';
import type { Printer } from '../devices/printer.ts';
import type { ScannerSource } from '../devices/scanner.ts';
import { pageLanguage, pageTranslator } from './page-text.ts';

/** The agent's own page and its form's target, on the main port. */
export const LOCAL_PAGE_PATH = '/';
export const LOCAL_PAIRING_PATH = '/pairing-code';

export interface LocalPageDeps {
  version: string;
  simulated: boolean;
  printers: readonly Printer[];
  scanners: readonly ScannerSource[];
  pairing: PairingService;
  /** Lifetime of a code, for the page's hint. */
  ttlMs: number;
}

const escapeHtml = (text: string): string =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/**
 * No script, no outside resources, no framing (a foreign page cannot trick a click on the button), and the
 * form may post only here. The request guard refuses the POST unless it comes from this very page.
 */
const PAGE_HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'content-security-policy':
    "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
  'x-frame-options': 'DENY',
  'x-content-type-options': 'nosniff',
  // Not no-referrer: under it browsers send `Origin: null` with the form's POST, and the guard needs the origin.
  'referrer-policy': 'same-origin',
  'cache-control': 'no-store',
} as const;

const STYLE = `body{font:16px/1.5 system-ui,sans-serif;max-width:40rem;margin:2rem auto;padding:0 1rem;color:#1a202c}
h1{font-size:1.5rem}h2{font-size:1.15rem;margin-top:1.5rem}.muted{color:#4a5568}
.code{font:700 2.5rem/1.2 ui-monospace,monospace;letter-spacing:.3em;margin:.25rem 0}
button{font:inherit;padding:.5rem 1rem;border:1px solid #2b6cb0;background:#2b6cb0;color:#fff;border-radius:.375rem;cursor:pointer}
button:focus-visible{outline:3px solid #90cdf4;outline-offset:2px}
[role=status]{border:2px solid #2b6cb0;border-radius:.5rem;padding:.75rem 1rem;margin:1rem 0}`;

/** `GET /`: what the agent is and drives, and a button for a new pairing code; `POST /pairing-code`: one. */
export const localPageRoute: FastifyPluginCallback<LocalPageDeps> = (app, deps, done) => {
  // The page's form posts as a browser form does; nothing in its body is read.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 },
    (_request, _body, parsed) => parsed(null, {}),
  );

  const render = (request: FastifyRequest, reply: FastifyReply, issued: PairingCode | null) => {
    const language = pageLanguage(request.headers['accept-language']);
    const t = pageTranslator(language);
    const time = (at: number) =>
      new Intl.DateTimeFormat(language, { hour: '2-digit', minute: '2-digit' }).format(at);
    const current = deps.pairing.currentCode();
    const list = (items: string[], none: string) =>
      items.length === 0
        ? `<p class="muted">${escapeHtml(none)}</p>`
        : `<ul>${items.map((item) => `<li>${escapeHtml(item)}</li>`).join('')}</ul>`;
    const html = `<!doctype html>
<html lang="${language}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(t('title'))}</title><style>${STYLE}</style></head>
<body><main>
<h1>${escapeHtml(t('title'))}</h1>
<p>${escapeHtml(t('intro'))}</p>
<p class="muted">${escapeHtml(t('version', { version: deps.version }))}</p>
${deps.simulated ? `<p>${escapeHtml(t('simulated'))}</p>` : ''}
<h2>${escapeHtml(t('printers'))}</h2>
${list(
  deps.printers.map((p) => t('printer_line', { name: p.name, width: p.profile.paperWidthMm })),
  t('no_printers'),
)}
<h2>${escapeHtml(t('scanners'))}</h2>
${list(
  deps.scanners.map((s) => s.name),
  t('no_scanners'),
)}
<h2 id="pairing">${escapeHtml(t('pairing_heading'))}</h2>
<p>${escapeHtml(t('pairing_intro'))}</p>
${
  issued === null
    ? `<p>${escapeHtml(current === null ? t('code_none') : t('code_active', { time: time(current.expiresAt) }))}</p>`
    : `<div role="status" aria-labelledby="code-label"><div id="code-label">${escapeHtml(t('code_label'))}</div>
<p class="code" data-testid="pairing-code">${escapeHtml(issued.code)}</p>
<div>${escapeHtml(t('code_valid', { time: time(issued.expiresAt) }))}</div></div>`
}
<form method="post" action="${LOCAL_PAIRING_PATH}">
<button type="submit">${escapeHtml(t('new_code'))}</button>
</form>
<p class="muted">${escapeHtml(t('new_code_hint', { minutes: Math.max(1, Math.round(deps.ttlMs / 60_000)) }))}</p>
</main></body></html>
`;
    return reply.headers(PAGE_HEADERS).send(html);
  };

  app.get(LOCAL_PAGE_PATH, (request, reply) => render(request, reply, null));
  app.post(LOCAL_PAIRING_PATH, (request, reply) => {
    const issued = deps.pairing.newCode();
    request.log.info('new pairing code asked for on the agent page');
    return render(request, reply, issued);
  });
  done();
};
