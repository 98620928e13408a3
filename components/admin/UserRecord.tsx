/**
 * What the Users page shows of a person's rides: a rider's
 * counted no-shows and, while paused, until when; a driver's average rating
 * and how many. Dates in the tenant's time zone and the page's language.
 */
import { LOCALES } from "../../lib/i18n/lang.ts";
import { useT } from "../texts.tsx";

export interface UserRecordFields {
  /** Riders: counted no-shows, and the end of a pause (null when none). */
  noShows?: number;
  suspendedUntil?: number | null;
  /** Drivers: the average rating and how many. */
  rating?: { average: number; count: number };
}

export function UserRecord({ user, timeZone }: { user: UserRecordFields; timeZone?: string }) {
  const t = useT();
  const date = (at: number) =>
    new Date(at).toLocaleDateString(LOCALES[t.lang], { month: "short", day: "numeric", year: "numeric", timeZone });
  const average = (n: number) =>
    n.toLocaleString(LOCALES[t.lang], { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  return (
    <>
      {typeof user.noShows === "number" && (
        <span className={user.noShows > 0 ? "cell__sub user-record user-record--warn" : "cell__sub user-record"}>
          {t("No-shows: {n}", { n: user.noShows })}
        </span>
      )}
      {user.suspendedUntil && (
        <span className="cell__sub user-record user-record--paused">
          {t("Requests paused until {date}", { date: date(user.suspendedUntil) })}
        </span>
      )}
      {user.rating && (
        <span className="cell__sub user-record">
          {t("Rating {average} of 5 ({count})", { average: average(user.rating.average), count: user.rating.count })}
        </span>
      )}
    </>
  );
}
