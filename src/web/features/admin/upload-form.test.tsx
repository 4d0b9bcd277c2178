import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { UploadFrameworkForm, useUploadForm, type SendUpload } from './upload-form';
import { UploadError, type Framework, type UploadResult } from './upload-request';

const stored: Framework = {
  id: 1,
  weekNumber: 7,
  title: 'Dreams',
  description: '',
  fileSize: 900,
  uploadedAt: '2026-11-21T10:00:00.000Z',
};

function Harness({ send, onUploaded = () => {} }: { send: SendUpload; onUploaded?: (result: UploadResult) => void }) {
  const form = useUploadForm();
  return <UploadFrameworkForm form={form} frameworks={[stored]} onUploaded={onUploaded} send={send} />;
}

function region() {
  return screen.getByRole('region', { name: 'Notifications' });
}

async function fill(user: ReturnType<typeof userEvent.setup>, values: { week?: string; title?: string; file?: File }) {
  if (values.week !== undefined) await user.type(screen.getByRole('textbox', { name: /week number/i }), values.week);
  if (values.title !== undefined) await user.type(screen.getByRole('textbox', { name: /title/i }), values.title);
  if (values.file) {
    const input = document.querySelector<HTMLInputElement>('input[type="file"]');
    if (!input) throw new Error('no file input');
    await user.upload(input, values.file);
  }
}

const pdf = () => new File(['%PDF-1.7 test'], 'week-8.pdf', { type: 'application/pdf' });

describe('UploadFrameworkForm', () => {
  it('asks for the missing information and sends nothing', async () => {
    const user = userEvent.setup();
    const send = vi.fn<SendUpload>();
    renderWithProviders(<Harness send={send} />);
    await fill(user, { week: '8', title: 'Trust' });
    await user.click(screen.getByRole('button', { name: 'Upload Framework' }));
    const toast = await within(region()).findByRole('alert');
    expect(toast).toHaveTextContent('Missing Information');
    expect(toast).toHaveTextContent('Please fill in all required fields and select a file.');
    expect(send).not.toHaveBeenCalled();
  });

  it('refuses a week outside 1-52 with the spec toast', async () => {
    const user = userEvent.setup();
    const send = vi.fn<SendUpload>();
    renderWithProviders(<Harness send={send} />);
    await fill(user, { week: '53', title: 'Trust', file: pdf() });
    await user.click(screen.getByRole('button', { name: 'Upload Framework' }));
    const toast = await within(region()).findByRole('alert');
    expect(toast).toHaveTextContent('Invalid Week Number');
    expect(toast).toHaveTextContent('Week number must be between 1 and 52.');
    expect(send).not.toHaveBeenCalled();
  });

  // The field used to drop the minus sign and the decimal point: "-3" uploaded as week 3 and "2.5"
  // as week 2, replacing that week’s PDF.
  it.each(['-3', '2.5', '0', '60'])(
    'keeps week %s as typed, says why under the field and sends nothing',
    async (typed) => {
      const user = userEvent.setup();
      const send = vi.fn<SendUpload>();
      renderWithProviders(<Harness send={send} />);
      await fill(user, { week: typed, title: 'Trust', file: pdf() });
      const week = screen.getByRole('textbox', { name: /week number/i });
      await user.tab();
      expect(week).toHaveValue(typed);
      await user.click(screen.getByRole('button', { name: 'Upload Framework' }));
      const toast = await within(region()).findByRole('alert');
      expect(toast).toHaveTextContent('Invalid Week Number');
      expect(week).toHaveValue(typed);
      expect(week).toHaveAttribute('aria-invalid', 'true');
      expect(week).toHaveAccessibleDescription(/Week number must be between 1 and 52\./);
      expect(send).not.toHaveBeenCalled();
    },
  );

  it('shows the progress while sending, then the success toast, and clears the form', async () => {
    const user = userEvent.setup();
    let finish: (result: UploadResult) => void = () => {};
    let report: (percent: number) => void = () => {};
    const send = vi.fn<SendUpload>((_fields, _file, onProgress) => {
      report = onProgress;
      return new Promise((resolve) => {
        finish = resolve;
      });
    });
    const onUploaded = vi.fn();
    renderWithProviders(<Harness send={send} onUploaded={onUploaded} />);
    const file = pdf();
    await fill(user, { week: '8', title: ' Trust ', file });
    expect(screen.getByText(/week-8\.pdf/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Upload Framework' }));

    expect(send).toHaveBeenCalledWith(
      { weekNumber: 8, title: 'Trust', description: '' },
      file,
      expect.any(Function),
      expect.any(AbortSignal),
    );
    report(40);
    const bar = await screen.findByRole('progressbar', { name: 'Upload progress' });
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '40'));
    expect(screen.getByText('Uploading… 40%')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Upload Framework/ })).toBeDisabled();

    const result = { framework: { ...stored, weekNumber: 8, title: 'Trust' }, replaced: false };
    finish(result);
    expect(await within(region()).findByText('Framework uploaded successfully!')).toBeInTheDocument();
    expect(onUploaded).toHaveBeenCalledWith(result);
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /title/i })).toHaveValue('');
    expect(screen.queryByText(/week-8\.pdf/)).not.toBeInTheDocument();
  });

  it('takes the same file again after an upload (the file input starts empty)', async () => {
    const user = userEvent.setup();
    const result = { framework: { ...stored, weekNumber: 8, title: 'Trust' }, replaced: false };
    const send = vi.fn<SendUpload>(async () => result);
    renderWithProviders(<Harness send={send} />);
    const file = pdf();
    await fill(user, { week: '8', title: 'Trust', file });
    await user.click(screen.getByRole('button', { name: 'Upload Framework' }));
    expect(await within(region()).findByText('Framework uploaded successfully!')).toBeInTheDocument();
    // A browser sends no change event when the chosen file is the one the input already holds.
    const input = document.querySelector<HTMLInputElement>('input[type="file"]');
    expect(input?.files).toHaveLength(0);

    await fill(user, { week: '8', title: 'Trust again', file });
    expect(screen.getByText(/week-8\.pdf/)).toBeInTheDocument();
  });

  it("shows the server's message when the upload is refused", async () => {
    const user = userEvent.setup();
    const send = vi.fn<SendUpload>().mockRejectedValue(new UploadError(400, 'framework must be a PDF file.'));
    renderWithProviders(<Harness send={send} />);
    await fill(user, { week: '8', title: 'Trust', file: pdf() });
    await user.click(screen.getByRole('button', { name: 'Upload Framework' }));
    const toast = await within(region()).findByRole('alert');
    expect(toast).toHaveTextContent('Upload Failed');
    expect(toast).toHaveTextContent('framework must be a PDF file.');
    // The form keeps what was typed so the admin can fix and retry.
    expect(screen.getByRole('textbox', { name: /title/i })).toHaveValue('Trust');
  });

  it("falls back to 'Upload failed' without a server message", async () => {
    const user = userEvent.setup();
    const send = vi.fn<SendUpload>().mockRejectedValue(new UploadError(0, null));
    renderWithProviders(<Harness send={send} />);
    await fill(user, { week: '8', title: 'Trust', file: pdf() });
    await user.click(screen.getByRole('button', { name: 'Upload Framework' }));
    const toast = await within(region()).findByRole('alert');
    expect(toast).toHaveTextContent('Upload Failed');
    expect(toast).toHaveTextContent('Upload failed');
  });

  it('says when the chosen week already has a framework', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Harness send={vi.fn<SendUpload>()} />);
    await fill(user, { week: '7' });
    expect(await screen.findByTestId('replace-hint')).toHaveTextContent(
      'Week 7 already has “Dreams”; uploading replaces it.',
    );
  });
});
