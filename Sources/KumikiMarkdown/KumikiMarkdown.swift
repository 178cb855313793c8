// KumikiMarkdown
