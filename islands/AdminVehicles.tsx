/**
 * Admin Vehicles: the tenant's vans and cars with their seats and
 * wheelchair spaces. Add vehicle opens a form above the list; Edit changes
 * one; Delete asks first.
 */
import { useState } from "react";
import { AdminGuard } from "../components/admin/AdminGuard.tsx";
import { AdminNav } from "../components/admin/AdminNav.tsx";
import { Modal } from "../components/admin/Modal.tsx";
import { VehicleForm } from "../components/admin/VehicleForm.tsx";
import { useVehicles } from "../hooks/admin/use_vehicles.ts";
import { useDomId } from "../components/dom_id.ts";
import { Loading } from "../components/Guard.tsx";
import { useT } from "../components/texts.tsx";
import type { Vehicle } from "../lib/vehicles.ts";

export interface AdminVehiclesProps {
  tenant: string;
}

export default function AdminVehicles(props: AdminVehiclesProps) {
  return <AdminGuard tenant={props.tenant}>{() => <VehiclesScreen {...props} />}</AdminGuard>;
}

type Panel = { kind: "list" } | { kind: "new" } | { kind: "edit"; vehicle: Vehicle };

function VehiclesScreen({ tenant }: AdminVehiclesProps) {
  const t = useT();
  const id = useDomId();
  const state = useVehicles(tenant);
  const [panel, setPanel] = useState<Panel>({ kind: "list" });
  const [confirm, setConfirm] = useState<Vehicle | null>(null);
  const [deleting, setDeleting] = useState(false);
  const [notice, setNotice] = useState<{ kind: "error" | "success"; text: string } | null>(null);

  async function remove(vehicle: Vehicle) {
    setDeleting(true);
    const error = await state.remove(vehicle.id);
    setDeleting(false);
    setConfirm(null);
    setNotice(
      error
        ? { kind: "error", text: error }
        : { kind: "success", text: t("{name} was deleted.", { name: vehicle.name }) },
    );
  }

  function saved(name: string, error: string | null, text: "{name} was added." | "{name} was saved.") {
    if (!error) {
      setPanel({ kind: "list" });
      setNotice({ kind: "success", text: t(text, { name }) });
    }
    return error;
  }

  return (
    <section className="admin-page" aria-labelledby={`${id}-title`}>
      <AdminNav tenant={tenant} current="vehicles" />
      <div className="admin-head">
        <h1 id={`${id}-title`}>{t("Vehicles")}</h1>
        {state.phase === "ready" && panel.kind === "list" && (
          <button
            type="button"
            className="button"
            onClick={() => {
              setNotice(null);
              setPanel({ kind: "new" });
            }}
          >
            {t("Add vehicle")}
          </button>
        )}
      </div>
      <p className="muted">{t("The vans and cars your drivers drive, with their seats and wheelchair spaces.")}</p>
      {state.phase === "loading" && <Loading text={t("Loading vehicles...")} />}
      {state.phase === "error" && <p className="notice notice--error" role="alert">{state.loadError}</p>}
      {state.phase === "ready" && (
        <div className="vehicles-editor">
          {notice && (
            <p className={`notice notice--${notice.kind}`} role={notice.kind === "error" ? "alert" : "status"}>
              {notice.text}
            </p>
          )}
          {panel.kind === "new" && (
            <VehicleForm
              title={t("New vehicle")}
              submitLabel={t("Add vehicle")}
              onCancel={() => setPanel({ kind: "list" })}
              onSave={async (input) => saved(input.name, await state.add(input), "{name} was added.")}
            />
          )}
          {panel.kind === "edit" && (
            <VehicleForm
              key={panel.vehicle.id}
              title={panel.vehicle.name}
              vehicle={panel.vehicle}
              submitLabel={t("Save")}
              onCancel={() => setPanel({ kind: "list" })}
              onSave={async (input) =>
                saved(input.name, await state.change(panel.vehicle.id, input), "{name} was saved.")}
            />
          )}
          {state.vehicles.length === 0
            ? <p className="empty-state">{t("No vehicles yet. Add the first one.")}</p>
            : (
              <ul className="places-list">
                {state.vehicles.map((vehicle) => (
                  <li key={vehicle.id} className="places-list__item">
                    <span className="places-list__text">
                      <span className="places-list__name">{vehicle.name}</span>
                      <span className="places-list__note">
                        {t("{count} seats", { count: vehicle.seats })} ·{" "}
                        {t("{count} wheelchair spaces", { count: vehicle.wheelchairSpaces })}
                      </span>
                    </span>
                    <span className="row-actions">
                      <button
                        type="button"
                        className="button button--secondary button--small"
                        aria-label={t("Edit {name}", { name: vehicle.name })}
                        onClick={() => {
                          setNotice(null);
                          setPanel({ kind: "edit", vehicle });
                        }}
                      >
                        {t("Edit")}
                      </button>
                      <button
                        type="button"
                        className="button button--danger-outline button--small"
                        aria-label={t("Delete vehicle {name}", { name: vehicle.name })}
                        onClick={() => {
                          setNotice(null);
                          setConfirm(vehicle);
                        }}
                      >
                        {t("Delete")}
                      </button>
                    </span>
                  </li>
                ))}
              </ul>
            )}
        </div>
      )}
      {confirm && (
        <Modal
          title={t("Delete vehicle")}
          busy={deleting}
          onClose={() => setConfirm(null)}
          actions={
            <>
              <button
                type="button"
                className="button button--secondary"
                onClick={() => setConfirm(null)}
                disabled={deleting}
                data-autofocus
              >
                {t("Cancel")}
              </button>
              <button
                type="button"
                className="button button--danger"
                onClick={() => remove(confirm)}
                disabled={deleting}
              >
                {deleting ? t("Deleting...") : t("Delete")}
              </button>
            </>
          }
        >
          <p>{t("Drivers will no longer choose {name}.", { name: confirm.name })}</p>
          <p className="modal__subject">{confirm.name}</p>
        </Modal>
      )}
    </section>
  );
}
