import type { PickersLocaleText } from '@mui/x-date-pickers/locales';
import { webMessages } from '@palisade/domain/messages/web';

const t = webMessages.datePicker;

/**
 * The date pickers' own texts (MUI X's defaults are English) in the screens' language (issue 60),
 * for a LocalizationProvider's localeText: the field's parts and placeholders, the button that
 * opens the calendar, and the calendar's.
 */
export function pickerTexts(): Partial<PickersLocaleText> {
  return {
    day: t.day,
    month: t.month,
    year: t.year,
    empty: t.empty,
    fieldDayPlaceholder: () => t.dayPlaceholder,
    fieldMonthPlaceholder: () => t.monthPlaceholder,
    fieldYearPlaceholder: () => t.yearPlaceholder,
    openDatePickerDialogue: (formattedDate) =>
      formattedDate ? t.openCalendarChosen(formattedDate) : t.openCalendar,
    fieldClearLabel: t.clear,
    clearButtonLabel: t.clear,
    previousMonth: t.previousMonth,
    nextMonth: t.nextMonth,
    openPreviousView: t.openPreviousView,
    openNextView: t.openNextView,
    calendarViewSwitchingButtonAriaLabel: (view) =>
      view === 'year' ? t.toCalendarView : t.toYearView,
    datePickerToolbarTitle: t.calendarTitle,
    dateTableLabel: t.daysTable,
    cancelButtonLabel: t.cancel,
    okButtonLabel: t.ok,
    todayButtonLabel: t.today,
  };
}
