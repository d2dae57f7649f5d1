/**
 * Forced colours (Windows high contrast; docs/react.md, "Accessibility"): the browser drops box-shadows and paints every
 * background Canvas, so the card, rows, tiles and the search field would lose their edges and the search field its focus ring.
 * Borders and outlines in system colours stand in. Last in the modal's styles, so these win over the rules they amend.
 */
export const forcedColorsCss = `
@media (forced-colors: active){
.card{border:1px solid CanvasText}
.account-leave{border-top:1px solid CanvasText}
.row,.tile,.button,.toast,.search input{border:1px solid ButtonText}
.tag,.row-icon,.wallet-icon,.tile-badge,.skeleton,.profile-confirm{border:1px solid CanvasText}
.row[aria-current="true"]{border:2px solid Highlight}
.latch-root :focus-visible{outline:3px solid Highlight;outline-offset:2px}
.dialog:focus-visible{outline:none}
.search input:focus{outline:3px solid Highlight;outline-offset:1px;box-shadow:none}
.icon-button:disabled,.button:disabled{color:GrayText;border-color:GrayText}
.spinner,.toast-spinner{border-color:CanvasText;border-top-color:Highlight}
.loader[data-state="failed"] .wallet-icon,.loader[data-state="failed"] .network-icon{outline:3px solid CanvasText}
.section-divider::before,.section-divider::after{height:0;border-top:1px solid GrayText}
}
`
