/**
 * A modal dialog that is a centred `<dialog>` on a desktop and a bottom
 * sheet on a phone (under 600 px, by CSS): the browser's top layer, focus
 * kept inside, Escape, the close button or a click on the backdrop close it,
 * and focus returns to what opened it.
 *
 * @module
 */
import { type ReactNode, useEffect, useId, useRef } from "react";
import { IconButton } from "./button.tsx";

/** Props of {@linkcode Sheet}. */
export interface SheetProps {
  readonly open: boolean;
  /** Called on Escape, the close button and a backdrop click. */
  readonly onClose: () => void;
  /** The heading, also the dialog's accessible name. */
  readonly title: ReactNode;
  readonly children: ReactNode;
  readonly testId?: string;
  readonly className?: string;
}

/** The dialog or sheet; rendered only while `open`. */
export function Sheet(props: SheetProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const onClose = useRef(props.onClose);
  onClose.current = props.onClose;
  useEffect(() => {
    const dialog = ref.current;
    if (!props.open || !dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal();
    return () => {
      if (dialog.open) dialog.close();
      if (opener?.isConnected) opener.focus();
    };
  }, [props.open]);
  if (!props.open) return null;
  return (
    <dialog
      ref={ref}
      className={["control-sheet", props.className ?? ""].filter(Boolean).join(" ")}
      aria-labelledby={titleId}
      data-testid={props.testId}
      onCancel={(e) => {
        e.preventDefault();
        onClose.current();
      }}
      onClick={(e) => {
        // A click on the dialog element itself (not its content) is on the backdrop.
        if (e.target === e.currentTarget) onClose.current();
      }}
    >
      <div className="control-sheet-body">
        <div className="control-sheet-head">
          <h2 id={titleId}>{props.title}</h2>
          <IconButton label="Close" small onClick={() => onClose.current()}>✕</IconButton>
        </div>
        {props.children}
      </div>
    </dialog>
  );
}
