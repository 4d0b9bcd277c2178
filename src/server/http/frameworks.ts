import multipart from '@fastify/multipart';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { MAX_PDF_BYTES } from '../../shared/constants';
import { AppError } from '../../shared/errors';
import {
  FRAMEWORK_DESCRIPTION_MAX_LENGTH,
  frameworkUploadFieldsSchema,
  UPLOAD_FIELDS,
} from '../../shared/frameworks-schemas';
import { weekNumberSchema } from '../../shared/schemas';
import type { AppDeps } from '../deps/app-deps';
import {
  deleteFramework,
  listFrameworks,
  listFrameworksWithAccess,
  openFrameworkDownload,
  saveFramework,
} from '../features/frameworks/service';
import { PDF_TOO_LARGE_MESSAGE, receivePdf, removeQuietly, type ReceivedPdf } from '../features/frameworks/storage';
import { drainRequestBody } from './drain-request';
import { assertAdmin, assertSignedIn } from '../features/auth/access';
import { attachment } from './content-disposition';
import { getAuth, ownCouple } from './request-auth';
import type { RestRoutes } from './rest-plugin';
import { parseInput } from './validation';

type WeekParams = { Params: { weekNumber: string } };

/**
 * The frameworks REST shims (docs/product.md#http-api): the JSON calls share the service with the
 * tRPC procedures; the PDF upload and download are plain HTTP only.
 */
export const frameworkRoutes: RestRoutes = (app, deps) => {
  app.get('/api/frameworks', async (req) => {
    assertSignedIn(await getAuth(req, deps));
    return listFrameworks(deps);
  });

  app.get('/api/frameworks-with-access/:userId', async (req) =>
    listFrameworksWithAccess(deps, await ownCouple(req, deps)),
  );

  app.delete<WeekParams>('/api/framework/:weekNumber', async (req) => {
    assertAdmin(await getAuth(req, deps));
    return deleteFramework(deps, parseInput(weekNumberSchema, req.params.weekNumber));
  });

  app.get<WeekParams>('/api/download-framework/:weekNumber', async (req, reply) => {
    const viewer = assertSignedIn(await getAuth(req, deps));
    const weekNumber = parseInput(weekNumberSchema, req.params.weekNumber);
    const download = await openFrameworkDownload(deps, viewer, weekNumber, {
      onMissingFile: (fileName) =>
        req.log.error(
          { weekNumber, fileName, store: deps.files.kind, pdfDir: deps.config.pdfDir },
          'framework PDF missing on disk; upload it again',
        ),
    });
    return reply
      .type('application/pdf')
      .header('content-disposition', attachment(download.downloadName))
      .header('content-length', download.size)
      .header('cache-control', 'private, no-store')
      .send(download.stream);
  });

  app.register(uploadRoute(deps));
};

/** Multipart parsing only for the upload route, with limits that fit its four fields. */
const MULTIPART_LIMITS = {
  fileSize: MAX_PDF_BYTES,
  files: 1,
  fields: 8,
  parts: 10,
  fieldNameSize: 100,
  // Bytes; the longest field (the description) may use up to 4 bytes a character in UTF-8.
  fieldSize: FRAMEWORK_DESCRIPTION_MAX_LENGTH * 4 + 1024,
  headerPairs: 100,
};

/** The largest upload body read to the end after a refusal: the largest PDF and the form's other parts. */
const UPLOAD_BODY_LIMIT = MAX_PDF_BYTES + MULTIPART_LIMITS.fields * MULTIPART_LIMITS.fieldSize + 64 * 1024;

function uploadRoute(deps: AppDeps): FastifyPluginAsync {
  return async (scope) => {
    await scope.register(multipart, { limits: MULTIPART_LIMITS });

    scope.post('/api/upload-framework', async (req, reply) => {
      let upload: ReceivedPdf | undefined;
      try {
        assertAdmin(await getAuth(req, deps));
        if (!req.isMultipart()) {
          throw new AppError(
            'BAD_REQUEST',
            'Send the upload as multipart/form-data with weekNumber, title, description and framework.',
          );
        }
        const received = await readUploadForm(req, deps.config.pdfDir);
        upload = received.upload;
        const fields = parseInput(frameworkUploadFieldsSchema, received.fields);
        if (!upload) throw new AppError('BAD_REQUEST', 'framework is required: choose a PDF file.');
        const { framework, replaced } = await saveFramework(deps, fields, upload);
        return replaced ? reply.code(200).send({ framework, replaced: true }) : reply.code(201).send({ framework });
      } catch (error) {
        // A refusal often comes before the whole body was read (not signed in, not a PDF after its
        // first bytes): read the rest first, or the client, still sending, sees the connection fail
        // instead of the answer. A body over the limit is not read: answer and close.
        if (!(await drainRequestBody(req.raw, UPLOAD_BODY_LIMIT))) reply.header('connection', 'close');
        throw error;
      } finally {
        if (upload) await removeQuietly(upload.tempPath);
      }
    });
  };
}

/**
 * Reads the form in whatever order its parts arrive: text fields into `fields`, the `framework` file
 * streamed into a temporary file in the PDF folder. If reading fails, that file is already removed.
 */
async function readUploadForm(
  req: FastifyRequest,
  pdfDir: string,
): Promise<{ fields: Record<string, unknown>; upload: ReceivedPdf | undefined }> {
  const fields: Record<string, unknown> = {};
  let upload: ReceivedPdf | undefined;
  try {
    for await (const part of req.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== UPLOAD_FIELDS.file) {
          part.file.resume();
          throw new AppError(
            'BAD_REQUEST',
            `Unexpected file field "${part.fieldname}": send the PDF as ${UPLOAD_FIELDS.file}.`,
          );
        }
        if (part.filename === '') {
          // What a browser sends when no file was chosen: no file, not a bad one.
          part.file.resume();
          continue;
        }
        upload = await receivePdf(pdfDir, part.file);
      } else {
        if (part.fieldname === UPLOAD_FIELDS.file) {
          throw new AppError('BAD_REQUEST', `${UPLOAD_FIELDS.file} must be a PDF file upload.`);
        }
        if (part.valueTruncated) throw new AppError('BAD_REQUEST', `${part.fieldname} is too long.`);
        if (!(part.fieldname in fields)) fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    if (upload) await removeQuietly(upload.tempPath);
    throw multipartError(error);
  }
  return { fields, upload };
}

/**
 * The parser's own errors as the statuses of docs/product.md#errors with messages a person can act
 * on.
 */
function multipartError(error: unknown): unknown {
  if (error instanceof AppError) return error;
  const code = (error as { code?: unknown }).code;
  switch (code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return new AppError('PAYLOAD_TOO_LARGE', PDF_TOO_LARGE_MESSAGE);
    case 'FST_FILES_LIMIT':
      return new AppError('BAD_REQUEST', `Send exactly one PDF file, as ${UPLOAD_FIELDS.file}.`);
    case 'FST_FIELDS_LIMIT':
    case 'FST_PARTS_LIMIT':
    case 'FST_PROTO_VIOLATION':
      return new AppError(
        'BAD_REQUEST',
        'Too many or unexpected form fields: send weekNumber, title, description and framework.',
      );
    case 'FST_INVALID_JSON_FIELD_ERROR':
      return new AppError('BAD_REQUEST', 'A form field is not valid JSON as its content type declares.');
    case 'FST_MP_PREMATURE_CLOSE':
      return new AppError('BAD_REQUEST', 'The upload was interrupted before it was complete.');
    default:
      // A failure of our own disk keeps its status (500, or 507 for a full disk, mapped in storage).
      if (error instanceof Error && typeof (error as NodeJS.ErrnoException).syscall === 'string') return error;
      return new AppError(
        'BAD_REQUEST',
        'The upload could not be read: the multipart form data is malformed or incomplete.',
      );
  }
}
