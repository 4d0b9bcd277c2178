import { render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { useSubmitType } from './hydrated';

function Send() {
  return <button type={useSubmitType()}>Send</button>;
}

describe('useSubmitType', () => {
  it('is a plain button in the prerendered HTML, so an early press sends nothing', () => {
    expect(renderToString(<Send />)).toBe('<button type="button">Send</button>');
  });

  it('is a submit button once the app runs', () => {
    render(<Send />);
    expect(screen.getByRole('button', { name: 'Send' })).toHaveAttribute('type', 'submit');
  });
});
