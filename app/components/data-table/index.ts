export { DataTable, TablePager, type DataTableColumn, type DataTableFilter, type DataTableProps, type DataTableSelection } from "./data-table";
export type { RowSelectionState } from "@tanstack/react-table";
export * from "./state";
export { TableFilters, type TableFiltersProps } from "./table-filters";
