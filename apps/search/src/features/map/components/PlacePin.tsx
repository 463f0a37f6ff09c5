import { cx, locationName, useTranslation } from '@careers/shared';
import type { MapMarker } from '@careers/shared/contract';
import { NAMESPACE } from '../../search/namespace';
import { pinLook } from '../styles';

/** The place name of a marker location (`name:::lat,long` gives `name`). */
function placeName(location: string): string {
  return locationName(location) || location;
}

export interface PlacePinProps {
  place: MapMarker;
  selected: boolean;
  onSelect: (place: MapMarker) => void;
}

/**
 * One place on the map, as a button: 32x38 at opacity 0.6, or 44x53 at opacity 1 when selected. Only the pin shape
 * is translucent, so the focus ring stays fully visible.
 */
export function PlacePin({ place, selected, onSelect }: PlacePinProps) {
  const { t } = useTranslation(NAMESPACE);
  const { width, height, opacity } = pinLook(selected);
  return (
    <button
      type="button"
      className={cx('cw-map-pin', selected && 'cw-map-pin--selected')}
      style={{ width, height }}
      aria-label={t('map.pinLabel', { count: place.count, location: placeName(place.location) })}
      aria-pressed={selected}
      onClick={(event) => {
        // The map must not read the click as a click on the map under the pin.
        event.stopPropagation();
        onSelect(place);
      }}
    >
      <span className="cw-map-pin__shape" style={{ opacity }} aria-hidden="true" />
      {place.count > 1 && (
        <span className="cw-map-pin__count" aria-hidden="true">
          {place.count}
        </span>
      )}
    </button>
  );
}
