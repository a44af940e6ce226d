export { DataTable, type DataTableColumn, type DataTableFilter, type DataTableProps } from "./data-table";
export * from "./state";
