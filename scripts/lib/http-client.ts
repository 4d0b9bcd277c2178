/**
 * A tiny HTTP client for load, crash and benchmark scripts: one cookie (the session) per client,
 * JSON in and out, and the same Origin a browser on the app would send.
 */
export class Client {
  cookie = '';

  constructor(readonly baseUrl: string) {}

  async request(
    method: string,
    path: string,
    body?: unknown,
    init: RequestInit = {},
    // biome-ignore lint/suspicious/noExplicitAny: answers of every endpoint's shape, each read by the check that sent it
  ): Promise<{ status: number; json: any; ms: number; bytes: number }> {
    const headers: Record<string, string> = { origin: this.baseUrl, ...(init.headers as Record<string, string>) };
    if (this.cookie) headers.cookie = this.cookie;
    let payload = init.body;
    if (body !== undefined) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(body);
    }
    const started = performance.now();
    const res = await fetch(`${this.baseUrl}${path}`, { ...init, method, headers, body: payload });
    const setCookie = res.headers.get('set-cookie');
    const sid = setCookie?.match(/sid=([^;]*)/)?.[1];
    if (sid !== undefined) this.cookie = sid ? `sid=${sid}` : '';
    const type = res.headers.get('content-type') ?? '';
    const buffer = Buffer.from(await res.arrayBuffer());
    const json = type.includes('json') && buffer.length > 0 ? JSON.parse(buffer.toString('utf8')) : null;
    return { status: res.status, json, ms: performance.now() - started, bytes: buffer.length };
  }

  get(path: string) {
    return this.request('GET', path);
  }
  post(path: string, body?: unknown) {
    return this.request('POST', path, body);
  }
  put(path: string, body?: unknown) {
    return this.request('PUT', path, body);
  }
}

/** The multipart form of an admin upload: the fields, then the PDF (fetch writes its boundary). */
export function uploadForm(fields: Record<string, string>, file: { name: string; bytes: Uint8Array }): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('framework', new Blob([Buffer.from(file.bytes)], { type: 'application/pdf' }), file.name);
  return form;
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)]!;
}
