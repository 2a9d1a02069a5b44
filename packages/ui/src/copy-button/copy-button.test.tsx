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

/** A clipboard that keeps what is written to it as text. */
function textClipboard(): { copied: () => string } {
  let copied = '';
  Object.defineProperty(navigator, 'clipboard', {
    configurable: true,
    value: {
      writeText: async (text: string) => {
        copied = text;
      },
    },
  });
  return { copied: () => copied };
}

describe('CopyButton', () => {
  it('copies text computed at the click, says Copied, then returns to its caption', async () => {
    vi.useFakeTimers();
    const clipboard = textClipboard();
    render(<CopyButton label="Copy response" text={async () => 'the body'} resetAfter={100} />);
    const button = screen.getByRole('button', { name: 'Copy response' });
    await press(button);
    expect(clipboard.copied()).toBe('the body');
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

  it('copies text that loads, saying so meanwhile, through a ClipboardItem handed over within the click', async () => {
    const written: ClipboardItem[] = [];
    Object.defineProperty(navigator, 'clipboard', {
      configurable: true,
      value: {
        writeText: async () => {
          throw new Error('not this way');
        },
        write: async (items: ClipboardItem[]) => {
          written.push(...items);
          await items[0]?.getType('text/plain');
        },
      },
    });
    class Item {
      constructor(readonly items: Record<string, Promise<Blob>>) {}
      getType(type: string) {
        return this.items[type] as Promise<Blob>;
      }
    }
    vi.stubGlobal('ClipboardItem', Item);
    let loaded: (text: string) => void = () => {};
    const text = new Promise<string>((resolve) => {
      loaded = resolve;
    });
    render(<CopyButton label="Copy 200" text={() => text} />);
    const button = screen.getByRole('button', { name: 'Copy 200' });
    await press(button);
    // Handed over at the click, before the text is there.
    expect(written).toHaveLength(1);
    expect(button.dataset.state).toBe('loading');
    expect(button.textContent).toContain('Loading…');
    await act(async () => loaded('{\r\n  "é": "😀"\n}'));
    expect(button.dataset.state).toBe('copied');
    const blob = await written[0]?.getType('text/plain');
    expect(await blob?.text()).toBe('{\r\n  "é": "😀"\n}');
    vi.unstubAllGlobals();
  });

  it('writes loaded text as text where there is no ClipboardItem, and says Copy failed when loading fails', async () => {
    const clipboard = textClipboard();
    vi.stubGlobal('ClipboardItem', undefined);
    render(<CopyButton label="Copy page" text={async () => 'the page'} />);
    await press(screen.getByRole('button', { name: 'Copy page' }));
    expect(clipboard.copied()).toBe('the page');
    cleanup();
    render(<CopyButton label="Copy 200" text={() => Promise.reject(new Error('offline'))} />);
    await press(screen.getByRole('button', { name: 'Copy 200' }));
    expect(screen.getByRole('button').dataset.state).toBe('failed');
    vi.unstubAllGlobals();
  });
});
