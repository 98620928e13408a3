/** The confirmation before a trip is deleted (spec section 2 "Admin Trips"). */
import { Modal } from "./Modal.tsx";
import { tripTitle } from "./TripsTable.tsx";
import type { Trip } from "../../lib/trips.ts";

export const DELETE_CONFIRM = "Are you sure you want to delete this trip? This action cannot be undone.";

export function DeleteTripDialog(
  { trip, deleting, onCancel, onDelete }: {
    trip: Trip;
    deleting: boolean;
    onCancel: () => void;
    onDelete: (trip: Trip) => void;
  },
) {
  return (
    <Modal
      title="Delete trip"
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
            Cancel
          </button>
          <button type="button" className="button button--danger" onClick={() => onDelete(trip)} disabled={deleting}>
            {deleting ? "Deleting..." : "Delete"}
          </button>
        </>
      }
    >
      <p>{DELETE_CONFIRM}</p>
      <p className="modal__subject">{tripTitle(trip)}</p>
    </Modal>
  );
}
