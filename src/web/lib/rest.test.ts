import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { downloadFile, fileNameFromDisposition, messageFromBody, readErrorMessage, RestError } from './rest';
import { captureSavedFiles, fileResponse } from '../test/saved-files';

const json = (body: unknown, status: number) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const answering = (response: Response | (() => Promise<Response>)) =>
  vi.fn(typeof response === 'function' ? response : async () => response) as unknown as typeof fetch &
    ReturnType<typeof vi.fn>;

describe('messageFromBody', () => {
  it("reads the server's {message}, trimmed", () => {
    expect(messageFromBody('{"message":"Week 3 is locked."}')).toBe('Week 3 is locked.');
    expect(messageFromBody('{"success":false,"message":"  Invalid email or access code \\n"}')).toBe(
      'Invalid email or access code',
    );
  });

  it('is null for anything else', () => {
    for (const text of [
      '',
      'Forbidden',
      '<html>502 Bad Gateway</html>',
      'null',
      '[]',
      '"message"',
      '{"message":"   "}',
      '{"message":42}',
      '{"error":"x"}',
    ]) {
      expect(messageFromBody(text), text).toBeNull();
    }
  });
});

describe('readErrorMessage', () => {
  it("reads a response's {message}, and is null for a body that is not one", async () => {
    expect(await readErrorMessage(json({ message: 'Order not found' }, 404))).toBe('Order not found');
    expect(await readErrorMessage(new Response('<h1>Bad gateway</h1>', { status: 502 }))).toBeNull();
    expect(await readErrorMessage(new Response(null, { status: 500 }))).toBeNull();
  });

  it('is null when the body cannot be read (already read, or the connection dropped)', async () => {
    const used = json({ message: 'x' }, 400);
    await used.text();
    expect(await readErrorMessage(used)).toBeNull();
  });
});

describe('fileNameFromDisposition', () => {
  it('reads quoted and bare file names', () => {
    expect(fileNameFromDisposition('attachment; filename="week-3.pdf"')).toBe('week-3.pdf');
    expect(fileNameFromDisposition('attachment; filename=workbook.pdf')).toBe('workbook.pdf');
    expect(fileNameFromDisposition('attachment')).toBeNull();
    expect(fileNameFromDisposition(null)).toBeNull();
  });

  it('prefers the UTF-8 name of filename* to its ASCII stand-in, whichever comes first', () => {
    const both = `filename="nuestro-anio.pdf"; filename*=UTF-8''nuestro-a%C3%B1o.pdf`;
    expect(fileNameFromDisposition(`attachment; ${both}`)).toBe('nuestro-a\u00f1o.pdf');
    expect(fileNameFromDisposition(`attachment; filename*=utf-8''nuestro-a%C3%B1o.pdf; filename="x.pdf"`)).toBe(
      'nuestro-a\u00f1o.pdf',
    );
    expect(fileNameFromDisposition(`attachment; filename="plain.pdf"; filename*=UTF-8''%E0%A4%A.pdf`)).toBe(
      'plain.pdf',
    );
  });
});

describe('downloadFile', () => {
  let clicked: HTMLAnchorElement[];
  beforeEach(() => {
    clicked = captureSavedFiles();
  });
  afterEach(() => vi.restoreAllMocks());

  it("saves the body under the server's file name, fetching with the session cookie", async () => {
    const fetcher = answering(fileResponse('%PDF-1.7', 'week-3.pdf'));
    await downloadFile('/api/download-framework/3', 'fallback.pdf', fetcher);
    expect(fetcher).toHaveBeenCalledWith('/api/download-framework/3', { credentials: 'same-origin' });
    expect(clicked.map((link) => [link.download, link.href])).toEqual([['week-3.pdf', 'blob:file']]);
    expect(URL.createObjectURL).toHaveBeenCalledWith(expect.any(Blob));
  });

  it('uses the fallback name when the server names none', async () => {
    await downloadFile(
      '/files/workbook',
      'vows-and-weeks-workbook.pdf',
      answering(new Response('%PDF-1.7', { status: 200 })),
    );
    expect(clicked.map((link) => link.download)).toEqual(['vows-and-weeks-workbook.pdf']);
  });

  it("rejects a refusal with its status and the server's message, saving nothing", async () => {
    const error = await downloadFile(
      '/api/download-framework/4',
      'week-4.pdf',
      answering(json({ message: 'You need to complete the previous week first.' }, 403)),
    ).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(RestError);
    expect(error).toMatchObject({
      status: 403,
      serverMessage: 'You need to complete the previous week first.',
      message: 'You need to complete the previous week first.',
    });
    expect(clicked).toEqual([]);
  });

  it('rejects a refusal without a {message} with a null serverMessage', async () => {
    const error = await downloadFile(
      '/x',
      'x.pdf',
      answering(new Response('<html>Bad gateway</html>', { status: 502 })),
    ).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ status: 502, serverMessage: null });
  });

  it('rejects a network failure with status 0', async () => {
    const fetcher = answering(async () => {
      throw new TypeError('Failed to fetch');
    });
    const error = await downloadFile('/x', 'x.pdf', fetcher).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(RestError);
    expect(error).toMatchObject({ status: 0, serverMessage: null, message: 'Network error' });
    expect(clicked).toEqual([]);
  });
});
