// The HTML report's style sheet and script, inlined into every page (no network, no external script or font).
import { chartKit } from './htmlchart.js';
import { showValue } from './htmlformat.js';
import { pageKit } from './htmlpanel.js';
import { rangeReport } from './htmlrange.js';

/** The page's style: light and dark colours from the reader's setting, two columns on a wide screen, a print style. @internal */
export function style(): string {
  return STYLE_TEXT.replace(/\n/g, '');
}

const STYLE_TEXT = `
:root{color-scheme:light dark;--bg:#f4f5f7;--panel:#fff;--ink:#1c2230;--muted:#566070;--line:#dde1e7;--grid:#eceef2;--hits:#2563eb;--vis:#c2410c;--accent:#1d4ed8;--chip:#eef2ff}
@media (prefers-color-scheme:dark){:root{--bg:#0e1116;--panel:#171b22;--ink:#e6e9ef;--muted:#a3acba;--line:#2c333e;--grid:#232932;--hits:#6ea2ff;--vis:#f59e5b;--accent:#93b4ff;--chip:#1f2a44}}
*{box-sizing:border-box}
body{margin:0;background:var(--bg);color:var(--ink);font:14px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;-webkit-text-size-adjust:100%}
a{color:var(--accent)}
:focus-visible{outline:2px solid var(--accent);outline-offset:2px}
.skip{position:absolute;left:-9999px;top:0}.skip:focus{left:8px;top:8px;z-index:2;background:var(--panel);padding:6px 10px}
.sr{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
.wrap{max-width:1400px;margin:0 auto;padding:20px 24px}
header.top{background:var(--panel);border-bottom:1px solid var(--line)}
.head{display:flex;flex-wrap:wrap;align-items:flex-end;justify-content:space-between;gap:8px 24px}
.kicker{margin:0;color:var(--muted);font-size:12px;letter-spacing:.06em;text-transform:uppercase}
h1{margin:2px 0 2px;font-size:24px;line-height:1.2;overflow-wrap:anywhere}
.range{margin:0;color:var(--muted)}.range time{color:var(--ink);font-weight:600}
.range-slot:empty{display:none}
.range-slot{max-width:100%}.picker{display:flex;flex-wrap:wrap;align-items:center;gap:6px 10px;margin:0;font-size:13px}
.pick{display:inline-flex;align-items:center;gap:5px;color:var(--muted)}.pick select{font:inherit;color:var(--ink);background:var(--panel);border:1px solid var(--line);border-radius:6px;padding:3px 4px;max-width:13em}
.cmp-range{display:inline-flex;flex-wrap:wrap;gap:6px 10px}.cmp-range[hidden],.picker[hidden]{display:none}
.picker button{font:inherit;color:var(--ink);background:var(--chip);border:1px solid var(--line);border-radius:6px;padding:3px 10px;cursor:pointer}.picker button:disabled{opacity:.55;cursor:default}
.dr-note{margin:4px 0 0;color:var(--muted);font-size:12px;max-width:46em}.dr-note:empty{display:none}
.d{display:block;font-size:11px;color:var(--muted)}.d.up{color:#15803d}.d.down{color:#b91c1c}
@media (prefers-color-scheme:dark){.d.up{color:#4ade80}.d.down{color:#f87171}}
.vs{display:block;font-size:11.5px;font-weight:400;color:var(--muted);white-space:normal}.vs .d{display:inline;font-size:11.5px}
.cards{display:grid;grid-template-columns:repeat(5,minmax(0,1fr));gap:10px;margin:16px 0 0;padding:0}
.card{border:1px solid var(--line);border-radius:8px;padding:8px 12px;background:var(--panel)}
.card dt{color:var(--muted);font-size:12px}.card dd{margin:2px 0 0;font-size:20px;font-weight:650;font-variant-numeric:tabular-nums;white-space:nowrap}
nav.toc ul{display:flex;flex-wrap:wrap;gap:6px;list-style:none;margin:14px 0 0;padding:0}
nav.toc a{display:inline-block;padding:3px 10px;border-radius:999px;background:var(--panel);border:1px solid var(--line);text-decoration:none;font-size:13px}
main{display:grid;grid-template-columns:repeat(auto-fill,minmax(min(100%,540px),1fr));gap:16px;align-items:start}
.panel{background:var(--panel);border:1px solid var(--line);border-radius:10px;padding:14px 16px;min-width:0}
.panel.wide{grid-column:1/-1}
.panel h2{margin:0;font-size:17px}
.sub{margin:2px 0 8px;color:var(--muted);font-size:12.5px}
.chart{margin:0 0 10px}
.legend{display:flex;gap:16px;list-style:none;margin:0 0 6px;padding:0;font-size:12.5px;color:var(--muted)}
.sw{display:inline-block;width:11px;height:11px;border-radius:2px;margin-right:6px;vertical-align:-1px;-webkit-print-color-adjust:exact;print-color-adjust:exact}
.sw-h,.bh{background:var(--hits);fill:var(--hits)}.sw-v,.bv{background:var(--vis);fill:var(--vis)}
.plot{padding:0 6px 0 0}.plot-v{padding-left:44px}
svg{display:block;overflow:visible}
.grid{stroke:var(--grid);stroke-width:1}.axis{stroke:var(--muted);stroke-width:1}
.tick,.axis-name{fill:var(--muted);font-size:11px;font-variant-numeric:tabular-nums}.item{fill:var(--ink);font-size:11.5px}
.tw{overflow-x:auto}
table{width:100%;border-collapse:collapse;table-layout:fixed;font-variant-numeric:tabular-nums}
th,td{padding:5px 6px;border-bottom:1px solid var(--line);text-align:right;vertical-align:top}
thead th{border-bottom:2px solid var(--line);font-size:12.5px;color:var(--muted);font-weight:600;padding:0}
thead th:first-child,tbody th{text-align:left}
col.c-h,col.c-v{width:7em}col.c-b{width:8em}.item.s{display:none}
thead button{all:unset;box-sizing:border-box;display:block;width:100%;padding:6px;cursor:pointer;text-align:inherit}
thead button:focus-visible{outline:2px solid var(--accent);outline-offset:-2px}
thead button::after{content:"";display:inline-block;width:1em}
th[aria-sort=descending] button::after{content:" \\2193"}th[aria-sort=ascending] button::after{content:" \\2191"}
th[aria-sort] button{color:var(--ink)}
tbody th{font-weight:400}
.mid{display:flex;min-width:0}.mid .h{overflow:hidden;text-overflow:ellipsis;white-space:nowrap;flex:0 1 auto;min-width:2ch}.mid .t{white-space:pre;flex:none}
.v{display:block;white-space:nowrap}.p{display:block;color:var(--muted);font-size:11.5px}
tfoot th,tfoot td{color:var(--muted);font-size:12.5px;border-bottom:0;padding-top:3px;padding-bottom:3px}tfoot tr.agg:first-child>*{border-top:2px solid var(--line);padding-top:6px}tfoot td.rest,tfoot th{text-align:left}tfoot td.rest{padding-top:8px}
.pager{display:flex;flex-wrap:wrap;align-items:center;gap:8px;margin-top:8px;font-size:12.5px;color:var(--muted)}
.pager p{margin:0;margin-right:auto}
.pager button{font:inherit;color:var(--ink);background:var(--chip);border:1px solid var(--line);border-radius:6px;padding:4px 10px;cursor:pointer}
.pager button[hidden]{display:none}
.graph{overflow:auto;max-height:85vh;border:1px solid var(--line);border-radius:6px;background:#fff}.graph svg{max-width:none}
@media (prefers-color-scheme:dark){.graph svg{filter:invert(.88) hue-rotate(180deg)}}
footer{color:var(--muted);font-size:12.5px}
@media (max-width:900px){.cards{grid-template-columns:repeat(3,minmax(0,1fr))}}
@media (max-width:600px){.wrap{padding:14px 12px}h1{font-size:20px}.cards{grid-template-columns:repeat(2,minmax(0,1fr));gap:8px}.card dd{font-size:17px}.panel{padding:12px 10px}col.c-h{width:4.3em}col.c-v{width:5em}col.c-b{width:6.1em}thead button{padding:6px 3px;white-space:nowrap}thead button::after{width:auto}td{font-size:13px}th,td{padding:5px 3px}.item.l{display:none}.item.s{display:inline}}
@media print{:root{--bg:#fff;--panel:#fff;--ink:#000;--muted:#444;--line:#bbb;--grid:#ddd;--hits:#1f4fbf;--vis:#b8430f}body{font-size:11px}.cards{grid-template-columns:repeat(5,minmax(0,1fr));gap:6px}.card dd{font-size:15px}td,tfoot th,tfoot td{font-size:11px}header.top{margin-bottom:10px}.wrap{max-width:none;padding:0}nav.toc,.pager button,.skip,.range-slot{display:none}main{display:block}.panel{break-inside:avoid;border:1px solid #bbb;margin-bottom:10px}.graph svg{filter:none}header.top{border:0}}
`;

/** The page's script: numbers in the reader's locale, sortable tables shown a page at a time, whole keys on copy; with `range`, the date-range picker. @internal */
export function script(range = false): string {
  // Made when a page is written, so that bundles which never write one leave it out.
  // `__name`: what a bundler that keeps function names (esbuild's keepNames) wraps the functions put in the page in.
  return `(function(){
var started=performance.now(),__name=function(f){return f};
var show=${showValue.toString()};
var data=JSON.parse(document.getElementById('logparse-data').textContent);
function esc(s){return String(s).replace(/[&<>"']/g,function(c){return '&#'+c.charCodeAt(0)+';'})}
function localise(root){root.querySelectorAll('[data-n]').forEach(function(el){var u=el.getAttribute('data-u')||'n',raw=el.getAttribute('data-n');el.textContent=show(raw,u,undefined)+(el.getAttribute('data-a')||'');if(u==='b'&&el.hasAttribute('title'))el.title=show(raw,'n',undefined)+(raw==='1'?' byte':' bytes')})}
function share(v,t){return t>0?v/t:0}
function key(text){if(text.length<=16)return '<span class="mid" title="'+esc(text)+'"><span class="h">'+esc(text)+'</span></span>';var cut=text.length-Math.min(14,Math.floor(text.length/2));return '<span class="mid" title="'+esc(text)+'"><span class="h">'+esc(text.slice(0,cut))+'</span><span class="t">'+esc(text.slice(cut))+'</span></span>'}
function cell(v,t,u){var s='<span class="v" data-n="'+v+'" data-u="'+u+'"'+(u==='b'?' title=""':'')+'></span>';return '<td>'+s+(t===null?'':'<span class="p" data-n="'+share(v,t)+'" data-u="p"></span>')+'</td>'}
// In compare mode a row's hits also say how they changed from the other range's hits for the same key.
function change(v,b){if(b===undefined)return '';if(b===null)return '<span class="d" title="not in the compared days">new</span>';var d=b===0?(v===0?0:1):(v-b)/b;return '<span class="d '+(d>0?'up':d<0?'down':'')+'" title="'+show(String(b),'n',undefined)+' hits in the compared days">'+(d>0?'+':d<0?'\\u2212':'\\u00b1')+show(String(Math.abs(d)),'p',undefined)+'</span>'}
function wire(table,panel){
var rows=panel.rows.slice(),body=table.tBodies[0],section=table.closest('section');
var status=section.querySelector('.pager p'),more=section.querySelector('button.more'),all=section.querySelector('button.all');
var shown=Math.min(rows.length,panel.page);
var t=panel.t;
function render(){var html='';for(var i=0;i<shown;i++){var r=rows[i],h=cell(r[1],t[0],'n');if(r.length>4)h=h.replace('</td>',change(r[1],r[4])+'</td>');html+='<tr><th scope="row">'+key(r[0])+'</th>'+h+cell(r[2],t[1],'n')+cell(r[3],t[2],'b')+'</tr>'}body.innerHTML=html;localise(body);
status.textContent=shown>=rows.length?'All '+show(String(rows.length),'n',undefined)+(rows.length===1?' row':' rows'):'Rows 1\\u2013'+show(String(shown),'n',undefined)+' of '+show(String(rows.length),'n',undefined);
more.hidden=all.hidden=shown>=rows.length;var next=Math.min(rows.length-shown,panel.page*2);more.textContent='Show '+show(String(next),'n',undefined)+' more';all.textContent='Show all '+show(String(rows.length),'n',undefined)}
more.addEventListener('click',function(){shown=Math.min(rows.length,shown+panel.page*2);render()});
all.addEventListener('click',function(){shown=rows.length;render()});
table.querySelectorAll('thead th').forEach(function(th,col){var b=th.querySelector('button');b.addEventListener('click',function(){
var dir=th.getAttribute('aria-sort')==='descending'?1:th.getAttribute('aria-sort')==='ascending'?-1:(col===0?1:-1);
table.querySelectorAll('thead th').forEach(function(o){o.removeAttribute('aria-sort')});th.setAttribute('aria-sort',dir===1?'ascending':'descending');
rows.sort(function(x,y){var a=x[col],c=y[col];return dir*(col===0?(a<c?-1:a>c?1:0):a-c)||(x[0]<y[0]?-1:x[0]>y[0]?1:0)});render()})});
render()}
function wireAll(root,panels){root.querySelectorAll('table[data-panel]').forEach(function(table){var panel=panels[table.getAttribute('data-panel')];if(panel)wire(table,panel)})}
wireAll(document,data.panels);
// A key cut in the middle is two boxes side by side, which a copy would write on two lines: copied whole instead.
document.addEventListener('copy',function(e){var s=getSelection();if(!s||!s.rangeCount||!e.clipboardData)return;var t=s.toString(),n=t;document.querySelectorAll('.mid').forEach(function(m){if(m.children.length===2&&s.containsNode(m,true)){var h=m.children[0].textContent,tl=m.children[1].textContent;n=n.split(h+'\\n'+tl).join(h+tl)}});if(n!==t){e.clipboardData.setData('text/plain',n);e.preventDefault()}});
${range ? rangeScript() : ''}
// Every figure the page was written with (cards, dates, chart ticks and hover texts, counts, table footers) in the reader's locale.
localise(document);
// How long this script took, for a reader's (or a bench's) performance tools.
performance.measure('logparse report script',{start:started});
})();`;
}

/**
 * The date-range picker's part of the script: a range's figures are added up from the per-day data by `rangeReport`,
 * and its header and panels written by the same kits that wrote the page.
 */
function rangeScript(): string {
  return `var D=data.days,packed=document.getElementById('logparse-days'),charts=(${chartKit.toString()})(show),kit=(${pageKit.toString()})(show,charts),rangeReport=${rangeReport.toString()};
var head=document.querySelector('header.top .head>div'),cardsEl=document.querySelector('header.top dl.cards'),main=document.getElementById('panels');
var whole={range:head.querySelector('.range')?head.querySelector('.range').outerHTML:'',cards:cardsEl?cardsEl.outerHTML:'',main:main.innerHTML};
var $=function(id){return document.getElementById(id)},from=$('dr-from'),to=$('dr-to'),cmp=$('dr-cmp'),bfrom=$('dr-bfrom'),bto=$('dr-bto'),allB=$('dr-all'),note=$('dr-note'),bspan=document.querySelector('.cmp-range');
// Shown by the script that makes it work (without script the page is the whole log's).
from.form.hidden=false;
var last=D.d.length-1;from.value='0';to.value=String(last);bfrom.value='0';bto.value=String(last);
function dates(a,b){return a===b?show(D.d[a],'D',undefined):show(D.d[a],'D',undefined)+' \\u2013 '+show(D.d[b],'D',undefined)}
function replace(sel,html){var el=document.querySelector(sel);if(!el)return null;var box=document.createElement('div');box.innerHTML=html;var made=box.firstElementChild;if(made)el.replaceWith(made);else el.remove();return made}
function update(){
var a=+from.value,b=+to.value;if(a>b){if(document.activeElement===to)from.value=String(a=b);else to.value=String(b=a)}
var ca=+bfrom.value,cb=+bto.value;if(ca>cb){if(document.activeElement===bto)bfrom.value=String(ca=cb);else bto.value=String(cb=ca)}
var comparing=cmp.checked;bspan.hidden=!comparing;
var link=a===0&&b===last&&!comparing?'':'#days='+D.d[a]+'..'+D.d[b]+(comparing?','+D.d[ca]+'..'+D.d[cb]:'');if(location.hash!==link&&(link!==''||/^#days=/.test(location.hash)))history.replaceState(null,'',location.pathname+location.search+link);
if(a===0&&b===last&&!comparing){replace('header.top .range',whole.range);if(whole.cards)replace('header.top dl.cards',whole.cards);main.innerHTML=whole.main;wireAll(main,data.panels);localise(document.querySelector('header.top'));localise(main);allB.disabled=true;note.textContent='';document.body.removeAttribute('data-range');return}
allB.disabled=false;
var rep=rangeReport(D,a,b),other=comparing?rangeReport(D,ca,cb):null,made={};
document.body.setAttribute('data-range',D.d[a]+'..'+D.d[b]+(comparing?' vs '+D.d[ca]+'..'+D.d[cb]:''));
replace('header.top .range',kit.rangeLine(D.d.slice(a,b+1)));
if(cardsEl){var c=replace('header.top dl.cards',kit.cards(rep.general));if(other&&c)c.querySelectorAll('.card').forEach(function(card){var k=card.getAttribute('data-k'),v=rep.general[k],w=other.general[k];card.querySelector('dd').insertAdjacentHTML('beforeend','<span class="vs">'+change(v,w)+' <span class="was">vs <data value="'+w+'" data-n="'+w+'" data-u="'+(k==='logSize'||k==='bytes'?'b':'n')+'"></data></span></span>')})}
main.querySelectorAll('section.panel[id^="p-"]').forEach(function(section){var name=section.id.slice(2),rows=rep[name];if(!rows)return;var html=kit.panel(name,rows,cardsEl?rep.general:undefined,data.rows[0],data.rows[1],made);
if(other){var before=new Map(other[name].map(function(r){return [r.key,r.hits]}));made[name].rows.forEach(function(r){r.push(before.has(r[0])?before.get(r[0]):null)})}
var box=document.createElement('div');box.innerHTML=html;var fresh=box.firstElementChild;section.replaceWith(fresh);wire(fresh.querySelector('table[data-panel]'),made[name])});
localise(document.querySelector('header.top'));localise(main);
note.textContent='Showing '+dates(a,b)+(comparing?', compared with '+dates(ca,cb):'')+'. Lines that are not log records'+(document.getElementById('graph')?' and the referrer graph':'')+' are of the whole log.'}
[from,to,cmp,bfrom,bto].forEach(function(el){el.addEventListener('change',update)});
// A range in the address (#days=2026-01-25..2026-01-26, and ,FROM..TO to compare), as the picker writes it: a link
// to the page opens it on those days.
function fromHash(){var m=/^#days=(\\d{4}-\\d\\d-\\d\\d)\\.\\.(\\d{4}-\\d\\d-\\d\\d)(?:,(\\d{4}-\\d\\d-\\d\\d)\\.\\.(\\d{4}-\\d\\d-\\d\\d))?$/.exec(location.hash);if(!m)return;var at=function(d){var i=D.d.indexOf(d);return i<0?null:String(i)},ends=[at(m[1]),at(m[2])];if(ends[0]===null||ends[1]===null)return;from.value=ends[0];to.value=ends[1];
if(m[3]){var b2=[at(m[3]),at(m[4])];if(b2[0]!==null&&b2[1]!==null){cmp.checked=true;bfrom.value=b2[0];bto.value=b2[1]}}update()}
// Gzip'd partials are inflated once the page is shown; the picker waits for them.
if(packed){var controls=[from,to,cmp,bfrom,bto];controls.forEach(function(el){el.disabled=true});var raw=atob(packed.textContent.trim()),bytes=new Uint8Array(raw.length);for(var i=0;i<raw.length;i++)bytes[i]=raw.charCodeAt(i);
new Response(new Blob([bytes]).stream().pipeThrough(new DecompressionStream('gzip'))).text().then(function(text){var full=JSON.parse(text);D.k=full.k;D.g=full.g;D.r=full.r;controls.forEach(function(el){el.disabled=false});fromHash()},function(){note.textContent='The days of this page could not be read: this browser has no DecompressionStream.'})}else fromHash();
allB.addEventListener('click',function(){from.value='0';to.value=String(last);cmp.checked=false;update();from.focus()});
cmp.addEventListener('change',function(){if(cmp.checked){var a=+from.value,b=+to.value,n=b-a+1;if(a-n>=0){bfrom.value=String(a-n);bto.value=String(a-1)}else if(b+n<=last){bfrom.value=String(b+1);bto.value=String(b+n)}update()}});`;
}
