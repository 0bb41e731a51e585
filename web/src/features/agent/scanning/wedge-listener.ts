import { readAgentSettings } from '../agent-settings.ts';
import {
  DEFAULT_WEDGE_OPTIONS,
  createWedgeClassifier,
  type WedgeClassifier,
  type WedgeOptions,
} from './wedge-classifier.ts';

/**
 * The DOM side of keyboard-wedge scanning: one capture-phase keydown listener on the window (while anyone
 * listens for scans), fed to the timing classifier. Keys of a likely scan are kept from the page; keys that
 * were held but turn out to be typing are typed into the focused field after all; keys that reached a field
 * before the run was recognised as a scan are taken out again.
 */

type Field = HTMLInputElement | HTMLTextAreaElement;

const TEXT_INPUT_TYPES = new Set(['text', 'search', 'email', 'tel', 'url', 'password', 'number', '']);

function editableField(target: EventTarget | null): Field | HTMLElement | null {
  if (target instanceof HTMLTextAreaElement) return target.readOnly || target.disabled ? null : target;
  if (target instanceof HTMLInputElement) {
    if (target.readOnly || target.disabled || !TEXT_INPUT_TYPES.has(target.type)) return null;
    return target;
  }
  if (target instanceof HTMLElement && target.isContentEditable) return target;
  return null;
}

function isField(element: HTMLElement): element is Field {
  return element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement;
}

/** Sets a field's value past React's value tracker, so the input event that follows reaches onChange. */
function setNativeValue(field: Field, value: string): void {
  const prototype =
    field instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  const setter = Object.getOwnPropertyDescriptor(prototype, 'value')?.set;
  if (setter) setter.call(field, value);
  else field.value = value;
}

function selection(field: Field): [number, number] {
  try {
    return [field.selectionStart ?? field.value.length, field.selectionEnd ?? field.value.length];
  } catch {
    // Number inputs have no selection.
    return [field.value.length, field.value.length];
  }
}

/** Types held characters into the focused field, as if they had never been held. */
function deliver(text: string): void {
  if (text === '') return;
  const field = editableField(document.activeElement);
  if (field === null) return;
  // insertText keeps the undo history and fires the input events frameworks listen to.
  if (typeof document.execCommand === 'function') {
    try {
      if (document.execCommand('insertText', false, text)) return;
    } catch {
      // Not supported here: set the value by hand below.
    }
  }
  if (!isField(field)) return;
  const [start, end] = selection(field);
  setNativeValue(field, field.value.slice(0, start) + text + field.value.slice(end));
  try {
    field.setSelectionRange(start + text.length, start + text.length);
  } catch {
    // Number inputs have no selection.
  }
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

/**
 * Takes back the characters of a scan that reached the field before it was recognised: they sit right
 * before the caret, in order. Anything else (the person moved the caret, the field changed) is left alone.
 */
function takeBack(field: Field, leaked: string): void {
  const [start, end] = selection(field);
  if (start !== end || start < leaked.length) return;
  if (field.value.slice(start - leaked.length, start) !== leaked) return;
  setNativeValue(field, field.value.slice(0, start - leaked.length) + field.value.slice(start));
  try {
    field.setSelectionRange(start - leaked.length, start - leaked.length);
  } catch {
    // Number inputs have no selection.
  }
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

/** The wedge options from this PC's settings, or null when wedge scanning is off. */
export function wedgeOptionsFromSettings(): WedgeOptions | null {
  const settings = readAgentSettings();
  if (!settings.wedgeEnabled) return null;
  return { ...DEFAULT_WEDGE_OPTIONS, prefix: settings.scannerPrefix, suffix: settings.scannerSuffix };
}

export interface WedgeListenerOptions {
  /** Read at every key; null turns detection off. */
  options?: () => WedgeOptions | null;
  onScan: (code: string) => void;
}

/** Listens on `target` until the returned function is called. */
export function attachWedgeListener(target: Window, listener: WedgeListenerOptions): () => void {
  const readOptions = listener.options ?? wedgeOptionsFromSettings;
  let classifier: WedgeClassifier | null = null;
  let classifierKey = '';
  let settleTimer: ReturnType<typeof setTimeout> | undefined;

  const classifierFor = (options: WedgeOptions): WedgeClassifier => {
    const key = JSON.stringify(options);
    if (classifier === null || key !== classifierKey) {
      classifier = createWedgeClassifier(options);
      classifierKey = key;
    }
    return classifier;
  };

  const onKeyDown = (event: KeyboardEvent) => {
    const options = readOptions();
    if (options === null) return;
    const wedge = classifierFor(options);
    const result = wedge.key({
      key: event.key,
      at: event.timeStamp,
      modified: event.ctrlKey || event.altKey || event.metaKey,
      repeat: event.repeat,
      composing: event.isComposing,
    });
    const field = editableField(event.target);

    deliver(result.release);
    // Held characters matter only in a field; elsewhere they do nothing (and Space must still press
    // buttons). The key that ends a scan is always kept: Enter would submit a form or press a button.
    if (result.prevent && (field !== null || result.scan !== null || !/^.$/u.test(event.key))) {
      event.preventDefault();
      event.stopPropagation();
    }
    if (result.scan !== null) {
      if (result.scan.leaked !== '' && field !== null && isField(field)) takeBack(field, result.scan.leaked);
      listener.onScan(result.scan.code);
    }

    clearTimeout(settleTimer);
    // The timer restarts with every key, so when it fires the run has been quiet for settleMs: it is over
    // (judged by this clock alone, whatever clock the key timestamps came from).
    settleTimer = setTimeout(() => deliver(wedge.reset()), options.settleMs);
  };

  const onBlur = () => {
    // Focus left the page: nothing held may stay held.
    if (classifier !== null) deliver(classifier.reset());
  };

  target.addEventListener('keydown', onKeyDown, { capture: true });
  target.addEventListener('blur', onBlur);
  return () => {
    clearTimeout(settleTimer);
    target.removeEventListener('keydown', onKeyDown, { capture: true });
    target.removeEventListener('blur', onBlur);
    if (classifier !== null) deliver(classifier.reset());
  };
}

const subscribers = new Set<(code: string) => void>();
let detach: (() => void) | null = null;

/** Every listener hears every wedge scan; one window listener serves them all. */
export function subscribeWedgeScans(onScan: (code: string) => void): () => void {
  subscribers.add(onScan);
  if (detach === null) {
    detach = attachWedgeListener(window, {
      onScan: (code) => {
        for (const subscriber of [...subscribers]) subscriber(code);
      },
    });
  }
  return () => {
    subscribers.delete(onScan);
    if (subscribers.size === 0 && detach !== null) {
      detach();
      detach = null;
    }
  };
}
