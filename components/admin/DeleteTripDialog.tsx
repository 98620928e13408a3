/** The confirmation before a trip is deleted (spec section 2 "Admin Trips"). */
import { Modal } from "./Modal.tsx";
import { tripTitle } from "./TripsTable.tsx";
import { useT } from "../texts.tsx";
import type { Text } from "../../lib/i18n/catalogue.ts";
import type { Trip } from "../../lib/trips.ts";

export const DELETE_CONFIRM: Text = "Are you sure you want to delete this trip? This action cannot be undone.";

export function DeleteTripDialog(
  { trip, deleting, onCancel, onDelete }: {
    trip: Trip;
    deleting: boolean;
    onCancel: () => void;
    onDelete: (trip: Trip) => void;
  },
) {
  const t = useT();
  return (
    <Modal
      title={t("Delete trip")}
      busy={deleting}
      onClose={onCancel}
      actions={
        <>
          <button
            type="button"
            className="button button--secondary"
            onClick={onCancel}
            disabled={deleting}
            data-autofocus
          >
            {t("Cancel")}
          </button>
          <button type="button" className="button button--danger" onClick={() => onDelete(trip)} disabled={deleting}>
            {deleting ? t("Deleting...") : t("Delete")}
          </button>
        </>
      }
    >
      <p>{t(DELETE_CONFIRM)}</p>
      <p className="modal__subject">{tripTitle(trip, t)}</p>
    </Modal>
  );
}
