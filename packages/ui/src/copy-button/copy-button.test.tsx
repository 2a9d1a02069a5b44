// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CopyButton } from './copy-button.js';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

async function press(button: HTMLElement) {
  await act(async () => {
    fireEvent.click(button);
  });
}

describe('CopyButton', () => {
  it('copies text computed at the click, says Copied, then returns to its caption', async () => {
    vi.useFakeTimers();
    let copied = '';
    Object.defineProperty(navigator, 'clipboard', {
      configurable: true,
      value: {
        writeText: async (text: string) => {
          copied = text;
        },
      },
    });
    render(<CopyButton label="Copy response" text={async () => 'the body'} resetAfter={100} />);
    const button = screen.getByRole('button', { name: 'Copy response' });
    await press(button);
    expect(copied).toBe('the body');
    expect(button.dataset.state).toBe('copied');
    expect(button.textContent).toContain('Copied');
    act(() => vi.advanceTimersByTime(100));
    expect(button.dataset.state).toBe('idle');
  });

  it('says Copy failed when the clipboard refuses or the text cannot be had', async () => {
    Object.defineProperty(navigator, 'clipboard', {
      configurable: true,
      value: {
        writeText: async () => {
          throw new Error('denied');
        },
      },
    });
    render(<CopyButton label="Copy" text="x" />);
    await press(screen.getByRole('button', { name: 'Copy' }));
    expect(screen.getByRole('button').dataset.state).toBe('failed');
    cleanup();
    render(
      <CopyButton
        label="Copy page"
        text={() => {
          throw new Error('no page');
        }}
      />,
    );
    await press(screen.getByRole('button', { name: 'Copy page' }));
    expect(screen.getByRole('button').textContent).toContain('Copy failed');
  });
});
