import '@mantine/dropzone/styles.css';
import {
  Alert,
  Button,
  CloseButton,
  Group,
  Input,
  NumberInput,
  Paper,
  Progress,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { Dropzone, type FileRejection } from '@mantine/dropzone';
import { useForm, type UseFormReturnType } from '@mantine/form';
import { IconFileTypePdf, IconUpload, IconX } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { MAX_PDF_BYTES, TOTAL_WEEKS } from '../../../shared/constants';
import {
  FRAMEWORK_DESCRIPTION_MAX_LENGTH,
  FRAMEWORK_TITLE_MAX_LENGTH,
  MAX_PDF_LABEL,
} from '../../../shared/frameworks-schemas';
import { notify } from '../../components/notifications';
import { translate } from '../../i18n/i18n';
import { useT } from '../../i18n/use-t';
import { formatFileSize } from './format';
import { sendFrameworkUpload, UploadError, type Framework, type UploadResult } from './upload-request';
import { checkUploadForm, EMPTY_UPLOAD_FORM, type UploadFormValues } from './validate-upload';

export const TITLE_INPUT_ID = 'framework-title';

export type UploadForm = UseFormReturnType<UploadFormValues>;

/** The upload form's state, owned by the page so the week overview can fill it. */
export function useUploadForm(): UploadForm {
  return useForm<UploadFormValues>({ initialValues: EMPTY_UPLOAD_FORM });
}

export type SendUpload = typeof sendFrameworkUpload;

interface UploadFormProps {
  form: UploadForm;
  frameworks: Framework[];
  onUploaded: (result: UploadResult) => void;
  /** How the file is sent; the real XMLHttpRequest upload unless a test passes another. */
  send?: SendUpload;
}

function rejectionMessage(rejections: FileRejection[]): string {
  const codes = new Set(rejections.flatMap((rejection) => rejection.errors.map((error) => error.code)));
  if (codes.has('too-many-files')) return translate('admin.upload.oneFile');
  if (codes.has('file-too-large')) return translate('admin.upload.tooLarge', { max: MAX_PDF_LABEL });
  return translate('admin.upload.onlyPdf');
}

/**
 * Upload form of the admin screen (docs/product.md#admin-screen and
 * docs/product.md#validation-rules): week number, title, optional description and one PDF (drag and
 * drop or the file picker, .pdf only, 10MB max). Validation failures show the spec's toasts; while
 * the file is sent a progress bar shows how much has left the browser.
 */
export function UploadFrameworkForm({ form, frameworks, onUploaded, send = sendFrameworkUpload }: UploadFormProps) {
  const [progress, setProgress] = useState<number | null>(null);
  const { t } = useT();
  const [fileProblem, setFileProblem] = useState<string | null>(null);
  // A new file input after each upload or removal: the browser fires no change event when the
  // input already holds the file chosen again, so the same PDF could not be picked a second time.
  const [pickerKey, setPickerKey] = useState(0);
  const resetPicker = () => setPickerKey((key) => key + 1);
  const abortRef = useRef<AbortController | null>(null);
  const uploading = progress !== null;

  // Leaving the page stops an upload still in flight.
  useEffect(() => () => abortRef.current?.abort(), []);

  const weekValue = Number(form.values.weekNumber);
  const existing = frameworks.find((framework) => framework.weekNumber === weekValue);
  const file = form.values.file;

  async function submit(values: UploadFormValues) {
    const check = checkUploadForm(values);
    if (!check.ok) {
      notify.error(check.title, check.message);
      // A week out of range also says so under the field, which keeps the week as typed.
      if (check.field) form.setFieldError(check.field, check.message);
      return;
    }
    const controller = new AbortController();
    abortRef.current = controller;
    setProgress(0);
    try {
      const result = await send(check.fields, check.file, setProgress, controller.signal);
      notify.success(t('admin.upload.success'));
      form.setValues(EMPTY_UPLOAD_FORM);
      setFileProblem(null);
      resetPicker();
      onUploaded(result);
    } catch (error) {
      if (controller.signal.aborted) return;
      const message = error instanceof UploadError ? error.serverMessage : null;
      notify.error(t('admin.upload.failed'), message ?? t('admin.upload.failedFallback'));
    } finally {
      abortRef.current = null;
      setProgress(null);
    }
  }

  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="upload-heading">
      <form onSubmit={form.onSubmit(submit)} noValidate aria-describedby="upload-hint">
        <Stack gap="md">
          <div>
            <Title order={2} size="h3" id="upload-heading">
              {t('admin.upload.heading')}
            </Title>
            <Text size="sm" c="dimmed" id="upload-hint">
              {t('admin.upload.hint')}
            </Text>
          </div>

          <NumberInput
            label={t('admin.upload.week')}
            description={t('admin.upload.weekRange', { total: TOTAL_WEEKS })}
            placeholder="e.g. 7"
            required
            min={1}
            max={TOTAL_WEEKS}
            inputMode="numeric"
            disabled={uploading}
            {...form.getInputProps('weekNumber')}
          />
          {existing ? (
            <Text size="sm" c="dimmed" mt={-8} data-testid="replace-hint">
              {t('admin.upload.replaces', { week: existing.weekNumber, title: existing.title })}
            </Text>
          ) : null}

          <TextInput
            id={TITLE_INPUT_ID}
            label={t('admin.upload.title')}
            placeholder={t('admin.upload.titlePlaceholder')}
            required
            maxLength={FRAMEWORK_TITLE_MAX_LENGTH}
            disabled={uploading}
            {...form.getInputProps('title')}
          />

          <Textarea
            label={t('admin.upload.description')}
            description={t('admin.upload.descriptionHelp')}
            rows={3}
            resize="vertical"
            maxLength={FRAMEWORK_DESCRIPTION_MAX_LENGTH}
            disabled={uploading}
            {...form.getInputProps('description')}
          />

          <Stack gap={4}>
            <Input.Label required id="pdf-file-label">
              PDF file
            </Input.Label>
            <Dropzone
              key={pickerKey}
              onDrop={(files) => {
                setFileProblem(null);
                form.setFieldValue('file', files[0] ?? null);
              }}
              onReject={(rejections) => setFileProblem(rejectionMessage(rejections))}
              accept={{ 'application/pdf': ['.pdf'] }}
              maxSize={MAX_PDF_BYTES}
              multiple={false}
              disabled={uploading}
              aria-labelledby="pdf-file-label"
              aria-describedby="pdf-file-help"
              inputProps={{ 'aria-label': t('admin.upload.file') }}
              p="lg"
            >
              <Group justify="center" gap="md" wrap="nowrap" style={{ pointerEvents: 'none' }}>
                <Dropzone.Accept>
                  <IconUpload size={36} aria-hidden="true" />
                </Dropzone.Accept>
                <Dropzone.Reject>
                  <IconX size={36} aria-hidden="true" />
                </Dropzone.Reject>
                <Dropzone.Idle>
                  <IconFileTypePdf size={36} aria-hidden="true" />
                </Dropzone.Idle>
                <div>
                  <Text fw={500}>{t('admin.upload.drop')}</Text>
                  <Text size="sm" c="dimmed" id="pdf-file-help">
                    {t('admin.upload.pdfOnly', { max: MAX_PDF_LABEL })}
                  </Text>
                </div>
              </Group>
            </Dropzone>
            {file ? (
              <Group gap="xs" wrap="nowrap" data-testid="selected-file">
                <IconFileTypePdf size={18} aria-hidden="true" />
                <Text size="sm" truncate="end" style={{ minWidth: 0 }}>
                  {file.name} ({formatFileSize(file.size)})
                </Text>
                <CloseButton
                  size="sm"
                  aria-label={t('admin.upload.remove', { name: file.name })}
                  disabled={uploading}
                  onClick={() => {
                    form.setFieldValue('file', null);
                    resetPicker();
                  }}
                />
              </Group>
            ) : null}
            {fileProblem ? (
              <Alert color="red" variant="light" p="xs" role="alert">
                {fileProblem}
              </Alert>
            ) : null}
          </Stack>

          {uploading ? (
            <Stack gap={4}>
              <Progress
                value={progress}
                aria-label={t('admin.upload.progress')}
                size="lg"
                striped
                animated={progress < 100}
              />
              <Text size="sm" c="dimmed" aria-live="polite">
                {progress < 100 ? t('admin.upload.uploading', { percent: progress }) : t('admin.upload.saving')}
              </Text>
            </Stack>
          ) : null}

          <Group justify="flex-end">
            <Button type="submit" loading={uploading} leftSection={<IconUpload size={18} aria-hidden="true" />}>
              {t('admin.upload.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
