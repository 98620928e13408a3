/**
 * The driver screen (spec section 2, "Driver screen"), behind the access
 * guard (driver required). For now only the ride list's frame: rides, the
 * availability toggle and the map come in later issues.
 */
import { Guard } from "../components/Guard.tsx";

export interface DriverScreenProps {
  tenant: string;
}

export const NO_RIDES = "No active ride requests";

export default function DriverScreen({ tenant }: DriverScreenProps) {
  return (
    <Guard tenant={tenant} required="driver">
      {() => (
        <section className="panel" aria-labelledby="driver-rides">
          <h1 id="driver-rides">Active Ride Requests</h1>
          <p className="empty-state">{NO_RIDES}</p>
        </section>
      )}
    </Guard>
  );
}
