/**
 * Admin Places: the tenant's named places on a map and in a list.
 * A tap on the map inside the area starts a new place there; dragging a pin
 * (on the WebGL map) or Move then a tap moves one; Edit renames it or changes
 * its note; Delete asks first. Riders then find these places by name.
 */
import { useRef, useState } from "react";
import { AdminGuard } from "../components/admin/AdminGuard.tsx";
import { AdminNav } from "../components/admin/AdminNav.tsx";
import { Modal } from "../components/admin/Modal.tsx";
import { PlaceForm } from "../components/admin/PlaceForm.tsx";
import { PlacesList } from "../components/admin/PlacesList.tsx";
import { usePlaces } from "../hooks/admin/use_places.ts";
import { useDomId } from "../components/dom_id.ts";
import { Loading } from "../components/Guard.tsx";
import { MapView } from "../components/map/MapView.tsx";
import type { MapPin } from "../components/map/types.ts";
import { useT } from "../components/texts.tsx";
import { insideArea, outsideAreaText, type Point } from "../lib/geo.ts";
import { MAX_PLACES, type Place } from "../lib/places.ts";
import type { ServiceArea } from "../lib/schemas.ts";

export interface AdminPlacesProps {
  tenant: string;
  area: ServiceArea;
  /** MAP_STYLE_URL; null for the built-in style. */
  mapStyleUrl: string | null;
}

export default function AdminPlaces(props: AdminPlacesProps) {
  return <AdminGuard tenant={props.tenant}>{() => <PlacesScreen {...props} />}</AdminGuard>;
}

/** What the panel beside the map shows: the list, a new place's form, or one place's form. */
type Panel = { kind: "list" } | { kind: "new"; at: Point } | { kind: "edit"; place: Place };

function PlacesScreen({ tenant, area, mapStyleUrl }: AdminPlacesProps) {
  const t = useT();
  const id = useDomId();
  const state = usePlaces(tenant);
  const [panel, setPanel] = useState<Panel>({ kind: "list" });
  const [moving, setMoving] = useState<string | null>(null);
  const [confirm, setConfirm] = useState<Place | null>(null);
  const [deleting, setDeleting] = useState(false);
  const mapRef = useRef<HTMLDivElement>(null);
  const [notice, setNotice] = useState<{ kind: "error" | "success"; text: string } | null>(null);

  async function moveTo(place: Place, at: Point) {
    setMoving(null);
    const error = await state.change(place.id, { name: place.name, note: place.note, lat: at.lat, lng: at.lng });
    setNotice(
      error ? { kind: "error", text: error } : { kind: "success", text: t("{name} moved.", { name: place.name }) },
    );
  }

  function pick(at: Point) {
    if (!insideArea(at, area)) return setNotice({ kind: "error", text: outsideAreaText(area, t) });
    const place = state.places.find((p) => p.id === moving);
    if (place) {
      void moveTo(place, at);
      return;
    }
    setNotice(null);
    setPanel({ kind: "new", at });
  }

  const pins: MapPin[] = state.places.map((p) => ({
    id: p.id,
    kind: "destination",
    at: { lat: p.lat, lng: p.lng },
    title: p.name,
    draggable: true,
  }));
  if (panel.kind === "new") pins.push({ id: "new", kind: "pickup", at: panel.at, title: t("New place") });

  async function remove(place: Place) {
    setDeleting(true);
    const error = await state.remove(place.id);
    setDeleting(false);
    setConfirm(null);
    setNotice(
      error
        ? { kind: "error", text: error }
        : { kind: "success", text: t("{name} was deleted.", { name: place.name }) },
    );
  }

  const movingPlace = state.places.find((p) => p.id === moving);
  return (
    <section className="admin-page" aria-labelledby={`${id}-title`}>
      <AdminNav tenant={tenant} current="places" />
      <div className="admin-head">
        <h1 id={`${id}-title`}>{t("Places")}</h1>
      </div>
      <p className="muted">
        {t(
          "Stops and landmarks riders can choose by name. Tap the map to add one; drag a pin, or use Move, to move it.",
        )}
      </p>
      {state.phase === "loading" && <Loading text={t("Loading places...")} />}
      {state.phase === "error" && <p className="notice notice--error" role="alert">{state.loadError}</p>}
      {state.phase === "ready" && (
        <div className="places-editor">
          <div className="places-editor__map" ref={mapRef}>
            <MapView
              area={area}
              styleUrl={mapStyleUrl}
              pins={pins}
              onPick={pick}
              picking
              onPinMove={(pinId, at) => {
                const place = state.places.find((p) => p.id === pinId);
                if (!place) return;
                if (!insideArea(at, area)) return setNotice({ kind: "error", text: outsideAreaText(area, t) });
                void moveTo(place, at);
              }}
              label={t("Map of places")}
            />
            {movingPlace && (
              <p className="notice places-editor__hint" role="status">
                {t("Tap the map where {name} should be.", { name: movingPlace.name })}{" "}
                <button
                  type="button"
                  className="button button--secondary button--small"
                  onClick={() => setMoving(null)}
                >
                  {t("Cancel")}
                </button>
              </p>
            )}
          </div>
          <div className="places-editor__side">
            {notice && (
              <p className={`notice notice--${notice.kind}`} role={notice.kind === "error" ? "alert" : "status"}>
                {notice.text}
              </p>
            )}
            {panel.kind === "new" && (
              <PlaceForm
                key={`${panel.at.lat},${panel.at.lng}`}
                title={t("New place")}
                at={panel.at}
                submitLabel={t("Add place")}
                onCancel={() => setPanel({ kind: "list" })}
                onSave={async (input) => {
                  const error = await state.add(input);
                  if (!error) {
                    setPanel({ kind: "list" });
                    setNotice({ kind: "success", text: t("{name} was added.", { name: input.name }) });
                    // On a phone the form's name field scrolled the map's top out of view: bring the map back, with
                    // the new pin and the next place to tap.
                    mapRef.current?.scrollIntoView?.({ block: "nearest" });
                  }
                  return error;
                }}
              />
            )}
            {panel.kind === "edit" && (
              <PlaceForm
                key={panel.place.id}
                title={panel.place.name}
                at={{ lat: panel.place.lat, lng: panel.place.lng }}
                name={panel.place.name}
                note={panel.place.note}
                submitLabel={t("Save")}
                onCancel={() => setPanel({ kind: "list" })}
                onSave={async (input) => {
                  const error = await state.change(panel.place.id, input);
                  if (!error) {
                    setPanel({ kind: "list" });
                    setNotice({ kind: "success", text: t("{name} was saved.", { name: input.name }) });
                  }
                  return error;
                }}
              />
            )}
            <h2 className="admin-list-title">
              {t("{count} of {max} places", { count: state.places.length, max: MAX_PLACES })}
            </h2>
            {state.places.length === 0
              ? <p className="empty-state">{t("No places yet. Tap the map to add the first one.")}</p>
              : (
                <PlacesList
                  places={state.places}
                  moving={moving}
                  onEdit={(place) => {
                    setNotice(null);
                    setMoving(null);
                    setPanel({ kind: "edit", place });
                  }}
                  onMove={(place) => {
                    setNotice(null);
                    setPanel({ kind: "list" });
                    setMoving((current) => current === place.id ? null : place.id);
                  }}
                  onDelete={(place) => {
                    setNotice(null);
                    setConfirm(place);
                  }}
                />
              )}
          </div>
        </div>
      )}
      {confirm && (
        <Modal
          title={t("Delete place")}
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
          <p>{t("Riders will no longer find {name}. Rides already asked for keep it.", { name: confirm.name })}</p>
          <p className="modal__subject">{confirm.name}</p>
        </Modal>
      )}
    </section>
  );
}
