#!/usr/bin/env python3
"""Writes the corpus pages in legacy charsets (ISO-8859-1, windows-1252, Shift_JIS, GB18030).

The renderer's tests read these bytes with the real parser, which must decode them from the
charset each page declares. Run from this folder: python3 make-legacy-pages.py
"""

PAGES = {
    "latin1.html": ("iso-8859-1", """<!DOCTYPE html>
<html><head><meta http-equiv="Content-Type" content="text/html; charset=ISO-8859-1">
<title>Caf\u00e9 M\u00fcller - Speisekarte</title></head>
<body><h1>Caf\u00e9 M\u00fcller</h1>
<p>Gr\u00fc\u00dfe aus K\u00f6ln! Unsere Spezialit\u00e4t: <em>K\u00e4sesp\u00e4tzle</em> f\u00fcr 9,50\u00a0\u00a3 \u00bd Portion.</p>
<ul><li>Cr\u00e8me br\u00fbl\u00e9e \u00e0 la fran\u00e7aise</li><li>\u00bfQu\u00e9 tal? \u00a1Se\u00f1or!</li><li>\u00c5se \u00d8stergaard \u00e6\u00f8\u00e5</li></ul>
<p><a href="karte.html">Zur Karte \u00bb</a></p></body></html>"""),
    "windows-1252.html": ("cp1252", """<!DOCTYPE html>
<html><head><meta charset="windows-1252"><title>\u201cSmart\u201d quotes \u2013 a test</title></head>
<body><h1>\u201cSmart\u201d typography</h1>
<p>Prices: 10\u20ac \u2022 \u00a35 \u2022 \u00a5700. She said \u2018hello\u2019 \u2014 and left\u2026</p>
<p>Trademarks\u2122, daggers \u2020\u2021, per mille \u2030, \u0152uvre, \u0161ilhouette, \u017d\u00fcrich, \u0178.</p>
</body></html>"""),
    "shift_jis.html": ("shift_jis", """<!DOCTYPE html>
<html><head><meta http-equiv="Content-Type" content="text/html; charset=Shift_JIS"><title>\u6771\u4eac\u306e\u5929\u6c17</title></head>
<body><h1>\u6771\u4eac\u306e\u5929\u6c17\u4e88\u5831</h1>
<p>\u4eca\u65e5\u306f\u6674\u308c\u6642\u3005\u66c7\u308a\u3067\u3059\u3002\u6700\u9ad8\u6c17\u6e29\u306f\uff12\uff18\u5ea6\u3001\u6700\u4f4e\u6c17\u6e29\u306f\uff12\uff10\u5ea6\u306e\u4e88\u60f3\u3067\u3059\u3002\u5348\u5f8c\u304b\u3089\u5357\u306e\u98a8\u304c\u3084\u3084\u5f37\u304f\u5439\u304f\u3067\u3057\u3087\u3046\u3002\u30ab\u30bf\u30ab\u30ca\u3082\u6df7\u305c\u3066\u30c6\u30b9\u30c8\u3057\u307e\u3059\u3002</p>
<ul><li>\u671d\uff1a\u6674\u308c</li><li>\u663c\uff1a\u66c7\u308a</li><li>\u591c\uff1a\u96e8</li></ul>
<p><a href="tomorrow.html">\u660e\u65e5\u306e\u5929\u6c17</a></p></body></html>"""),
    "gb18030.html": ("gb18030", """<!DOCTYPE html>
<html><head><meta charset="gb2312"><title>\u5317\u4eac\u65b0\u95fb</title></head>
<body><h1>\u5317\u4eac\u65b0\u95fb</h1>
<p>\u4eca\u5929\u5317\u4eac\u5929\u6c14\u6674\u6717\uff0c\u6c14\u6e29\u9002\u5b9c\u3002\u5e02\u6c11\u7eb7\u7eb7\u6765\u5230\u516c\u56ed\u6563\u6b65\uff0c\u4eab\u53d7\u6625\u5929\u7684\u9633\u5149\u3002\u8fd9\u662f\u4e00\u6bb5\u8db3\u591f\u957f\u7684\u4e2d\u6587\u6587\u672c\uff0c\u7528\u6765\u6d4b\u8bd5\u6362\u884c\u3002</p>
<table border="1"><tr><th>\u57ce\u5e02</th><th>\u5929\u6c14</th></tr><tr><td>\u5317\u4eac</td><td>\u6674</td></tr><tr><td>\u4e0a\u6d77</td><td>\u591a\u4e91</td></tr></table>
<p>\u7f55\u89c1\u5b57\uff1a\u4e02\u4e04 \u20ac \U0001F600</p>
<p><a href="more.html">\u66f4\u591a\u65b0\u95fb</a></p></body></html>"""),
}

for name, (codec, text) in PAGES.items():
    with open(name, "wb") as page:
        page.write(text.encode(codec))
