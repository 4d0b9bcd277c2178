import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/render';
import { NameEmailFields, type NameEmailField, type NameEmailValues } from './name-email-fields';

function Harness({
  errors,
  onChange,
}: {
  errors: Partial<Record<NameEmailField, string | boolean>>;
  onChange: (field: NameEmailField, value: string) => void;
}) {
  const [values, setValues] = useState<NameEmailValues>({ firstName: '', lastName: '', email: '' });
  return (
    <NameEmailFields
      values={values}
      errors={errors}
      onChange={(field, value) => {
        onChange(field, value);
        setValues((current) => ({ ...current, [field]: value }));
      }}
    />
  );
}

describe('NameEmailFields', () => {
  it('offers three required, autofillable fields and reports each change by field', async () => {
    const onChange = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<Harness errors={{}} onChange={onChange} />);

    const first = screen.getByRole('textbox', { name: /First name/ });
    const last = screen.getByRole('textbox', { name: /Last name/ });
    const email = screen.getByRole('textbox', { name: /Email/ });
    expect(first).toHaveAttribute('autocomplete', 'given-name');
    expect(last).toHaveAttribute('autocomplete', 'family-name');
    expect(email).toHaveAttribute('type', 'email');
    expect(email).toHaveAttribute('autocomplete', 'email');
    for (const field of [first, last, email]) expect(field).toBeRequired();

    await user.type(last, 'Silva');
    await user.type(email, 'ana@example.com');

    expect(onChange).toHaveBeenLastCalledWith('email', 'ana@example.com');
    expect(onChange).toHaveBeenCalledWith('lastName', 'Silva');
    expect(email).toHaveValue('ana@example.com');
  });

  it('marks a field given true and shows a message given text', () => {
    renderWithProviders(
      <Harness errors={{ firstName: true, email: 'Must be a valid email address' }} onChange={() => {}} />,
    );

    expect(screen.getByRole('textbox', { name: /First name/ })).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('textbox', { name: /Last name/ })).not.toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('textbox', { name: /Email/ })).toHaveAccessibleDescription('Must be a valid email address');
  });
});
