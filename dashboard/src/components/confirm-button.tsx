// A destructive action asked twice: the button, then in its place the question with "Yes, ..." and
// Cancel. No dialog: the question stays where the person is looking, and Cancel puts the button back.
import type { ComponentChildren } from 'preact';
import { useState } from 'preact/hooks';

interface ConfirmButtonProps {
  /** The first button: `Delete…`. */
  label: ComponentChildren;
  /** The accessible name of the question's group: `Confirm delete`. */
  groupLabel: string;
  question: ComponentChildren;
  /** The button that does it: `Yes, delete`. */
  confirmLabel: string;
  onConfirm: () => void;
}

export function ConfirmButton({ label, groupLabel, question, confirmLabel, onConfirm }: ConfirmButtonProps) {
  const [confirming, setConfirming] = useState(false);
  if (!confirming) {
    return (
      <button type="button" class="danger" onClick={() => setConfirming(true)}>
        {label}
      </button>
    );
  }
  return (
    <span role="group" aria-label={groupLabel} class="confirm">
      <span>{question}</span>
      <button type="button" class="danger" onClick={onConfirm}>
        {confirmLabel}
      </button>
      <button type="button" class="secondary" onClick={() => setConfirming(false)}>
        Cancel
      </button>
    </span>
  );
}
